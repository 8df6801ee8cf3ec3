// Reads an attached metadata file the way the archive will (JSON, or XML for Dublin Core) and
// checks it against its schema, so a wrong file is caught before the ingest, not after it.
// Pulls in an XML parser: load this module with import() when a file is attached.
import { parseMetadataBytes } from "@scriptorium/contract/metadata/parse-metadata-file";
import { INGEST_LIMITS } from "@scriptorium/contract/ingest/schemas";
import { bytesToBase64 } from "@/lib/upload/base64";
import { formatBytes } from "@/lib/upload/format";
import { base64Length } from "@/lib/upload/request-body";
import { formSchemaOf, type AttachedMetadataFile, type MetadataSchemaOption } from "./entry";
import { validateMetadataFields } from "./validate";

// A metadata file travels inline, so it must leave room in the request for everything else.
export const METADATA_FILE_MAX_BYTES =
  Math.floor((INGEST_LIMITS.inlineBodyBytes / 4) * 3) - 64 * 1024;

// The attached file with what is wrong with it (nothing, when `problems` is empty).
export function readMetadataFile(
  option: MetadataSchemaOption,
  name: string,
  bytes: Uint8Array,
): AttachedMetadataFile {
  const size = bytes.length;
  if (size > METADATA_FILE_MAX_BYTES) {
    return {
      name,
      size,
      base64: "",
      problems: [
        `${name} (${formatBytes(size)}) is too large for a metadata file: it is sent inside the request (${formatBytes(base64Length(size))} as base64), whose limit is ${formatBytes(INGEST_LIMITS.inlineBodyBytes)}.`,
      ],
    };
  }
  const parsed = parseMetadataBytes(option.uri, bytes, name);
  const problems =
    "error" in parsed
      ? [parsed.error]
      : validateMetadataFields(formSchemaOf(option), parsed.data).problems.map(
          (p) => `${name} does not fit ${option.title}: ${p}`,
        );
  return { name, size, base64: bytesToBase64(bytes), problems };
}
