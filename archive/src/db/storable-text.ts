// Messages the archive writes itself (plugin reports, trace details) may quote what a caller sent,
// such as a bag entry's name. Text columns refuse U+0000 and cannot keep unpaired surrogates, so a
// report quoting one would fail to be written and hide the reason behind a generic error.

const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

// `text` with every character a text column cannot hold spelled as a \uXXXX escape.
export function storableText(text: string): string {
  return text.replace(
    UNSTORABLE,
    (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`,
  );
}
