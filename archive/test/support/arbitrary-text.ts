// Text for property tests: any Unicode, the odd names that break paths and displays, and (rarely,
// since one is enough to refuse a whole request) unpaired surrogates.
import fc from "fast-check";

const unpaired = fc.string({
  unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
  minLength: 1,
  maxLength: 2,
});

export const anyText = fc.oneof(
  { weight: 20, arbitrary: fc.string({ unit: "binary", maxLength: 24 }) },
  { weight: 20, arbitrary: fc.string({ unit: "grapheme", maxLength: 24 }) },
  { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 6 }), unpaired).map(([a, b]) => a + b) },
  {
    weight: 5,
    arbitrary: fc.constantFrom(
      "..",
      "../../etc/passwd",
      "a/b.txt",
      "CON",
      " lead.txt",
      "\u202Etxt.exe",
      "<b>x</b>",
      "%00.txt",
      "C:\\x.txt",
      "x".repeat(400),
    ),
  },
);

// Mostly text a contract that wants something in a field accepts; now and then blank or short.
export const nonBlankText = fc.oneof(
  { weight: 9, arbitrary: anyText.filter((t) => t.trim() !== "") },
  { weight: 1, arbitrary: anyText },
);
