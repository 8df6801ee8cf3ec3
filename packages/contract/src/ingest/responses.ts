// Response bodies of the ingest API. Lenient: unknown fields pass, undocumented values are kept.
import { z } from "zod";
import { isHttpUrl } from "./http-url";

export const PLUGIN_REPORT_STATUSES = ["SUCCESS", "WARNING", "FAILURE"] as const;

// One plugin run, as the archive reports it (strict: what the embedded archive emits).
export const PluginReport = z.looseObject({
  executionDate: z.string(),
  pluginName: z.string(),
  message: z.string(),
  status: z.enum(PLUGIN_REPORT_STATUSES),
});
export type PluginReport = z.infer<typeof PluginReport>;

// A plugin report as read from an upstream that may use other statuses or leave fields out.
const LenientPluginReport = z.looseObject({
  executionDate: z.string().optional(),
  pluginName: z.string().optional(),
  message: z.string().optional(),
  status: z.string().optional(),
});

// The answer of PUT /document, POST /document/{id}, PUT /sip and GET /sip/{id}/{name}.
export const IngestResponse = z.looseObject({
  packageId: z.string(),
  packageType: z.string().optional(),
  name: z.string().optional(),
  // Any string: the full set of SIP statuses is not published, unknown ones mean "in progress".
  status: z.string().optional(),
  submissionDate: z.string().optional(),
  pluginReports: z.array(LenientPluginReport).optional(),
  permissions: z.array(z.string()).optional(),
  // Filled by the enrichers of the same names; their shape is not published.
  metadata: z.unknown().optional(),
  breadcrumbs: z.unknown().optional(),
  representations: z.unknown().optional(),
  searchcolumns: z.unknown().optional(),
  userPackage: z.unknown().optional(),
});
export type IngestResponse = z.infer<typeof IngestResponse>;

// GET /url. The spec does not show the body; the embedded archive answers { url, key, expiresAt }.
export const UploadUrlResponse = z.looseObject({
  url: z.string().refine(isHttpUrl, "url must be an http:// or https:// URL"),
  key: z.string().min(1).optional(),
  expiresAt: z.string().optional(),
});
export type UploadUrlResponse = z.infer<typeof UploadUrlResponse>;

// The key to name as S3 content after uploading: `key` when given, else the URL path's last segment.
export function uploadKeyOf(response: Pick<UploadUrlResponse, "url" | "key">): string | null {
  if (response.key) return response.key;
  if (!URL.canParse(response.url)) return null;
  const segments = new URL(response.url).pathname.split("/").filter((s) => s.length > 0);
  const last = segments.at(-1);
  return last ? decodeURIComponent(last) : null;
}

export const INGEST_ERROR_CODES = [
  "NOT_AUTHORIZED",
  "NO_PERMISSION",
  "NOT_FOUND",
  "VALIDATION_ERROR",
  "JSON_TOO_LARGE",
  "EXCEPTION",
] as const;
export type IngestErrorCode = (typeof INGEST_ERROR_CODES)[number];

// Whether a code is one of the six the spec documents.
export function isKnownIngestErrorCode(code: string): code is IngestErrorCode {
  return (INGEST_ERROR_CODES as readonly string[]).includes(code);
}

// The failure body of every ingest operation. Unknown codes still parse; a missing message becomes "".
export const ErrorResponse = z.looseObject({
  code: z.string(),
  message: z.string().default(""),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;
