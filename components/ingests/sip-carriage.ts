// How a prepared SIP (a BagIt zip) travels to PUT /sip: inside the request while the body stays
// within the limit, else uploaded first and named by its key; over the upload limit, not at all.
import { INGEST_LIMITS } from "@scriptorium/contract/ingest/limits";
import { formatBytes, formatBytesBeside } from "@/lib/upload/format";
import { base64Length, utf8Length } from "@/lib/upload/request-body";

export interface SipCarriage {
  method: "inline" | "upload" | "refused";
  reason: string;
}

// The exact size of the inline PUT /sip body for a file of `size` bytes named `name`.
export function inlineSipBodyBytes(size: number, name: string): number {
  return utf8Length(JSON.stringify({ type: "BINARY", content: "", name })) + base64Length(size);
}

// The carriage of one SIP file, with a sentence saying why.
export function sipCarriage(size: number, name: string, limits = INGEST_LIMITS): SipCarriage {
  if (size > limits.uploadBytes) {
    return {
      method: "refused",
      reason: `${name} (${formatBytesBeside(size, limits.uploadBytes)}) is larger than ${formatBytes(limits.uploadBytes)}, the most the archive accepts in one upload.`,
    };
  }
  const body = inlineSipBodyBytes(size, name);
  if (body <= limits.inlineBodyBytes) {
    return {
      method: "inline",
      reason: `${name} (${formatBytes(size)}) goes inside the request: ${formatBytes(body)} of its ${formatBytes(limits.inlineBodyBytes)} limit.`,
    };
  }
  return {
    method: "upload",
    reason: `${name} (${formatBytes(size)}) is uploaded straight to the archive first: inside the request it would make ${formatBytesBeside(body, limits.inlineBodyBytes)}, over the ${formatBytes(limits.inlineBodyBytes)} limit.`,
  };
}
