// Metadata validation: every metadata entry of the SIP names a registered schema the profile
// allows, and its values (inline, or read from its file) validate against that schema.
import { readFile } from "node:fs/promises";
import { INGEST_LIMITS } from "@scriptorium/contract/ingest/schemas";
import { metadataSchemaProblem } from "../checks";
import type { Plugin } from "./types";
import { allMetadatas } from "./types";

export const metadataValidation: Plugin = {
  name: "metadata-validation",
  async run(ctx) {
    const { registry } = ctx.deps;
    const problems: string[] = [];
    const entries = allMetadatas(ctx);
    for (const meta of entries) {
      const schemaProblem = metadataSchemaProblem(ctx.deps, ctx.profile, meta.schema);
      if (schemaProblem) {
        problems.push(`${meta.field}.schema ${schemaProblem}`);
        continue;
      }
      let data = meta.data;
      const file = meta.file;
      if (file) {
        const blob = file.staged?.blob;
        if (!blob || !file.staged) {
          problems.push(`${meta.field}.file "${file.name}" was not retrieved`);
          continue;
        }
        if (blob.size > INGEST_LIMITS.inlineBodyBytes) {
          problems.push(
            `${meta.field}.file "${file.name}" is larger than 10 MB; metadata files must be smaller`,
          );
          continue;
        }
        const parsed = registry.parseMetadataFile(
          meta.schema,
          await readFile(file.staged.path),
          file.name,
        );
        if ("error" in parsed) {
          problems.push(`${meta.field}.file: ${parsed.error}`);
          continue;
        }
        data = parsed.data;
      }
      const errors = registry.validate(meta.schema, data ?? {});
      if (errors.length > 0) {
        problems.push(
          `${meta.field} does not validate against ${meta.schema}: ${errors.join("; ")}`,
        );
        continue;
      }
      meta.stored = {
        schema: meta.schema,
        metadata: data ?? {},
        ...(file && file.staged?.blob
          ? {
              file: {
                name: file.name,
                sha256: file.staged.blob.sha256,
                size: file.staged.blob.size,
                blob: file.staged.blob.sha256,
              },
            }
          : {}),
      };
    }
    if (problems.length > 0)
      return { status: "FAILURE", message: `Metadata is not valid: ${problems.join("; ")}.` };
    return { status: "SUCCESS", message: `${entries.length} metadata record(s) valid.` };
  },
};
