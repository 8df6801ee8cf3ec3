// The tone a SIP status is shown in. Pure and free of the API schemas, so badges need no zod.

export type StatusTone = "neutral" | "progress" | "success" | "danger";

// The tone of a status badge: unknown values are "in progress" like PENDING and PROCESSING.
export function statusTone(status: string | null): StatusTone {
  if (status === "INGESTED") return "success";
  if (status === "FAILED") return "danger";
  return status === null ? "neutral" : "progress";
}
