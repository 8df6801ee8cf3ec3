import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { isZipMember, openSource } from "./batch-source";
import { pickedFolder, pickFiles } from "./picked-files";

function chosen(path: string, body = "x"): File {
  const file = new File([body], path.split("/").at(-1)!);
  Object.defineProperty(file, "webkitRelativePath", { value: path });
  return file;
}

const zipFile = (name: string, entries: Record<string, string>) =>
  new File(
    [
      zipSync(
        Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, strToU8(v)])),
      ) as BlobPart,
    ],
    name,
    { type: "application/zip" },
  );

describe("pickedFolder", () => {
  it("names the batch after the folder and takes its metadata.csv as the spreadsheet", async () => {
    const folder = await pickedFolder([
      chosen("letters/a.pdf"),
      chosen("letters/sub/b.pdf"),
      chosen("letters/metadata.csv"),
      chosen("letters/.DS_Store"),
    ]);
    expect(folder.name).toBe("letters");
    expect(folder.list.map((f) => f.path)).toEqual(["a.pdf", "sub/b.pdf"]);
    expect((folder.spreadsheet as File).name).toBe("metadata.csv");
  });

  it("keeps loose files as they are", async () => {
    const folder = await pickedFolder([new File(["1"], "one.pdf"), new File(["2"], "two.pdf")]);
    expect(folder.name).toBe("Chosen files");
    expect(folder.list.map((f) => f.path)).toEqual(["one.pdf", "two.pdf"]);
  });

  it("lists every file of a large folder in order, with its size and type", async () => {
    const files = Array.from(
      { length: 2_000 },
      (_, i) => new File(["x".repeat(i % 7)], `doc-${i}.txt`, { type: "text/plain" }),
    );
    const folder = await pickedFolder(files);
    expect(folder.list).toHaveLength(2_000);
    expect(folder.list[0]).toEqual({ path: "doc-0.txt", size: 0, type: "text/plain" });
    expect(folder.list[1_999]).toEqual({ path: "doc-1999.txt", size: 4, type: "text/plain" });
    expect(folder.files.get("doc-1999.txt")).toBe(files[1_999]);
  });
});

describe("pickFiles", () => {
  it("reads a zip as the folder it holds: its folders kept, its metadata.csv the spreadsheet", async () => {
    const zip = zipFile("letters.zip", {
      "letters/metadata.csv": "filename,title\nmaps/a.txt,A\n",
      "letters/maps/a.txt": "map a",
      "letters/notes/b.txt": "note b",
      "__MACOSX/letters/._a.txt": "fork",
      "letters/.DS_Store": "x",
    });
    const folder = await pickFiles([zip]);
    expect(folder.name).toBe("letters");
    expect(folder.list).toEqual([
      { path: "maps/a.txt", size: 5, type: "" },
      { path: "notes/b.txt", size: 6, type: "" },
    ]);
    const a = folder.files.get("maps/a.txt")!;
    expect(isZipMember(a)).toBe(true);
    const opened = await openSource(a);
    expect([opened.name, await opened.text()]).toEqual(["a.txt", "map a"]);
    expect(await (await openSource(folder.spreadsheet!)).text()).toMatch(/^filename,title/);
  });

  it("takes a spreadsheet dropped beside the zip over the one inside, and names loose zips after themselves", async () => {
    const zip = zipFile("Box 12.zip", { "a.txt": "a", "metadata.csv": "inside" });
    const beside = new File(["filename,title\n"], "box-12.csv", { type: "text/csv" });
    const folder = await pickFiles([zip, beside]);
    expect(folder.name).toBe("Box 12");
    expect(folder.list.map((f) => f.path)).toEqual(["a.txt"]);
    expect(folder.spreadsheet).toBe(beside);
  });

  it("sends zips as documents when they are among other files or inside a chosen folder", async () => {
    const zip = zipFile("x.zip", { "a.txt": "a" });
    const mixed = await pickFiles([zip, new File(["p"], "p.pdf")]);
    expect(mixed.list.map((f) => f.path)).toEqual(["x.zip", "p.pdf"]);
    Object.defineProperty(zip, "webkitRelativePath", { value: "folder/x.zip" });
    const inFolder = await pickFiles([zip]);
    expect(inFolder.list.map((f) => f.path)).toEqual(["x.zip"]);
  });
});
