import { describe, expect, it } from "vitest";
import { pickedFolder } from "./picked-files";

function chosen(path: string, body = "x"): File {
  const file = new File([body], path.split("/").at(-1)!);
  Object.defineProperty(file, "webkitRelativePath", { value: path });
  return file;
}

describe("pickedFolder", () => {
  it("names the batch after the folder and takes its metadata.csv as the spreadsheet", () => {
    const folder = pickedFolder([
      chosen("letters/a.pdf"),
      chosen("letters/sub/b.pdf"),
      chosen("letters/metadata.csv"),
      chosen("letters/.DS_Store"),
    ]);
    expect(folder.name).toBe("letters");
    expect(folder.list.map((f) => f.path)).toEqual(["a.pdf", "sub/b.pdf"]);
    expect(folder.spreadsheet?.name).toBe("metadata.csv");
  });

  it("keeps loose files as they are", () => {
    const folder = pickedFolder([new File(["1"], "one.pdf"), new File(["2"], "two.pdf")]);
    expect(folder.name).toBe("Chosen files");
    expect(folder.list.map((f) => f.path)).toEqual(["one.pdf", "two.pdf"]);
  });
});
