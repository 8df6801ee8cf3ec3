// What the ingest API's route modules share: parsing with the contract's schemas, the role check
// of writes, and the error answer.
import type { Context } from "hono";
import type { z } from "zod";
import { describeZodError } from "@scriptorium/contract/zod-error";
import type { ArchiveEnv, Caller } from "../http/context";
import { IngestError } from "../http/errors";

export function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new IngestError("VALIDATION_ERROR", describeZodError(parsed.error));
  return parsed.data;
}

export function requireIngestRole(caller: Caller) {
  if (!caller.roles.includes("archivist") && !caller.roles.includes("admin")) {
    throw new IngestError("NO_PERMISSION", "Ingesting needs the archivist or admin role.");
  }
}

// Every failure as `{ code, message }` with the status of its code; anything else as a 500
// without internals.
export function ingestErrorAnswer(error: Error, c: Context<ArchiveEnv>) {
  if (error instanceof IngestError) return c.json(error.toJSON(), error.status);
  console.error("ingest request failed", error);
  return c.json(
    { code: "EXCEPTION", message: "The archive failed to process the request; try again later." },
    500,
  );
}
