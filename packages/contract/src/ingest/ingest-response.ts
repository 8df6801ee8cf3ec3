// The answer of PUT /document, POST /document/{id}, PUT /sip and GET /sip/{id}/{name}, on its own
// and in zod/mini (a namespace import, so bundling keeps only what is used). Lenient: unknown fields
// pass, undocumented values are kept. The browser checks these answers with the same schema in
// valibot (lib/queries/ingest-answer.ts in the dashboard, held to this one by its test).
import * as z from "zod/mini";

// A plugin report as read from an upstream that may use other statuses or leave fields out.
const LenientPluginReport = z.looseObject({
  executionDate: z.optional(z.string()),
  pluginName: z.optional(z.string()),
  message: z.optional(z.string()),
  status: z.optional(z.string()),
});

export const IngestResponse = z.looseObject({
  packageId: z.string(),
  packageType: z.optional(z.string()),
  name: z.optional(z.string()),
  // Any string: the full set of SIP statuses is not published, unknown ones mean "in progress".
  status: z.optional(z.string()),
  submissionDate: z.optional(z.string()),
  pluginReports: z.optional(z.array(LenientPluginReport)),
  permissions: z.optional(z.array(z.string())),
  // Filled by the enrichers of the same names; their shape is not published.
  metadata: z.optional(z.unknown()),
  breadcrumbs: z.optional(z.unknown()),
  representations: z.optional(z.unknown()),
  searchcolumns: z.optional(z.unknown()),
  userPackage: z.optional(z.unknown()),
});
export type IngestResponse = z.infer<typeof IngestResponse>;
