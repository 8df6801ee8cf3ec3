// The words of a validation report's checks, and the text of base64 content: what the object's
// page shows without the XML parser of ./validation-report.

const CHECK_NAMES: Record<string, string> = {
  format: "The record is well formed",
  "data-object-digest": "The object's content matches the record",
  "hash-tree": "The hash tree leads to the time-stamped value",
  "timestamp-token": "The time-stamp can be read",
  "timestamp-signature": "The time-stamp's signature is correct",
  "timestamp-trust": "The time-stamp comes from a trusted authority",
};

// A check's name as a sentence; unknown names are shown as they are.
export function checkTitle(name: string): string {
  return CHECK_NAMES[name] ?? name;
}

// Text from base64 of UTF-8 bytes (atob alone would garble anything past ASCII).
export function base64ToText(base64: string): string {
  const binary = atob(base64.replace(/\s+/g, ""));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}
