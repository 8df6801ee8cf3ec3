// The browser's check of an ingest answer (PUT /document, POST /document/{id}, PUT /sip, GET
// /sip/{id}/{name}, as the dashboard's routes pass them on): the contract's IngestResponse, in
// valibot. Each of valibot's functions is a module export the bundler can drop, so this costs the
// page about a kilobyte, where zod/mini's core came whole (20.5 KiB compressed) with any schema;
// ingest-answer.test.ts holds it to the contract's answer for answer.
import * as v from "valibot";
import type { IngestResponse } from "@scriptorium/contract/ingest/schemas";
import type { AnswerSchema } from "./api-client";

const optionalString = v.optional(v.string());

// valibot's objects take a list too (its entries read like properties); an answer's objects are
// never lists, as the contract's schema says.
const record = v.custom<Record<string, unknown>>(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  "an object, not a list",
);

// A plugin report as read from an upstream that may use other statuses or leave fields out.
const LenientPluginReport = v.pipe(
  record,
  v.looseObject({
    executionDate: optionalString,
    pluginName: optionalString,
    message: optionalString,
    status: optionalString,
  }),
);

export const IngestAnswer = v.pipe(
  record,
  v.looseObject({
    packageId: v.string(),
    packageType: optionalString,
    name: optionalString,
    // Any string: the full set of SIP statuses is not published, unknown ones mean "in progress".
    status: optionalString,
    submissionDate: optionalString,
    pluginReports: v.optional(v.array(LenientPluginReport)),
    permissions: v.optional(v.array(v.string())),
    // Filled by the enrichers of the same names; their shape is not published.
    metadata: v.optional(v.unknown()),
    breadcrumbs: v.optional(v.unknown()),
    representations: v.optional(v.unknown()),
    searchcolumns: v.optional(v.unknown()),
    userPackage: v.optional(v.unknown()),
  }),
);

// A valibot schema as the API client's answer check.
export function answerCheck<T>(schema: v.GenericSchema<unknown, T>): AnswerSchema<T> {
  return {
    safeParse(data) {
      const result = v.safeParse(schema, data);
      return result.success ? { success: true, data: result.output } : { success: false };
    },
  };
}

export const ingestAnswer: AnswerSchema<IngestResponse> = answerCheck(IngestAnswer);
