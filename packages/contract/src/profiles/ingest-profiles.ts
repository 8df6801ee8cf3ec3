// The operator's ingest profiles (ingest-profiles.json; the shipped ones in
// packages/contract/config/). The archive enforces them and the dashboard's wizard offers them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

export const INGEST_PROFILES_FILE = "ingest-profiles.json";

const retentionSchema = z.union(
  [z.literal("permanent"), z.strictObject({ years: z.int().min(1).max(200) })],
  {
    error: 'must be "permanent" or { "years": <1 to 200> }',
  },
);

const profileSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{1,62}$/, "must be 2 to 63 lowercase letters, digits or hyphens"),
  title: z.string().trim().min(1, "must not be empty"),
  description: z.string().default(""),
  retention: retentionSchema,
  metadataSchemas: z.array(z.url("must be a schema URI")).optional(),
});

const fileSchema = z.strictObject({
  $schema: z.string().optional(),
  $comment: z.string().optional(),
  profiles: z.array(profileSchema).min(1, "must list at least one profile"),
});

export type Retention = { kind: "permanent" } | { kind: "years"; years: number };

export interface IngestProfile {
  id: string;
  title: string;
  description: string;
  retention: Retention;
  /** Schema URIs a package under this profile may use; absent means every registered schema. */
  metadataSchemas?: string[];
}

export interface IngestProfiles {
  list(): IngestProfile[];
  get(id: string): IngestProfile | undefined;
  has(id: string): boolean;
}

// Reads and validates <configDir>/ingest-profiles.json; throws an Error naming the file and field.
export function loadIngestProfiles(configDir: string): IngestProfiles {
  const file = path.join(configDir, INGEST_PROFILES_FILE);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === "ENOENT" ? "it does not exist" : String(error);
    throw new Error(`The ingest profiles cannot be read from ${file}: ${reason}.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(
      `The ingest profiles in ${file} are not valid JSON: ${(error as Error).message}.`,
    );
  }
  return parseIngestProfiles(json, file);
}

// Validates already-parsed profile JSON (for callers without a file system); `source` names it in errors.
export function parseIngestProfiles(json: unknown, source = INGEST_PROFILES_FILE): IngestProfiles {
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${formatPath(issue.path)} ${issue.message}`,
    );
    throw new Error(`The ingest profiles in ${source} are invalid: ${problems.join("; ")}.`);
  }
  const profiles: IngestProfile[] = parsed.data.profiles.map((p) => ({
    id: p.id,
    title: p.title,
    description: p.description,
    retention:
      p.retention === "permanent"
        ? { kind: "permanent" }
        : { kind: "years", years: p.retention.years },
    ...(p.metadataSchemas ? { metadataSchemas: p.metadataSchemas } : {}),
  }));
  const byId = new Map<string, IngestProfile>();
  for (const [index, profile] of profiles.entries()) {
    if (byId.has(profile.id)) {
      throw new Error(
        `The ingest profiles in ${source} are invalid: profiles[${index}].id "${profile.id}" is used twice.`,
      );
    }
    byId.set(profile.id, profile);
  }
  return {
    list: () => [...profiles],
    get: (id) => byId.get(id),
    has: (id) => byId.has(id),
  };
}

// A short label for a retention, e.g. "10 years" or "Permanent".
export function describeRetention(retention: Retention): string {
  if (retention.kind === "permanent") return "Permanent";
  return retention.years === 1 ? "1 year" : `${retention.years} years`;
}

function formatPath(segments: readonly PropertyKey[]): string {
  if (segments.length === 0) return "the file";
  return segments
    .map((s, i) => (typeof s === "number" ? `[${s}]` : i === 0 ? String(s) : `.${String(s)}`))
    .join("");
}
