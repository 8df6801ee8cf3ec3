import { describe, expect, it } from "vitest";
import { describeFileType } from "./file-type";

describe("describeFileType", () => {
  it("names what the browser detected", () => {
    expect(describeFileType("a.bin", "application/pdf")).toBe("PDF document");
    expect(describeFileType("x", "text/plain; charset=utf-8")).toBe("Plain text");
  });

  it("falls back to the extension when the browser detected nothing", () => {
    expect(describeFileType("scan.TIFF", "")).toBe("TIFF image");
    expect(describeFileType("raw.arw", "")).toBe("ARW file");
    expect(describeFileType("README", "")).toBe("Unknown type");
    expect(describeFileType(".hidden", "")).toBe("Unknown type");
    expect(describeFileType("odd", "application/x-odd")).toBe("application/x-odd");
  });
});
