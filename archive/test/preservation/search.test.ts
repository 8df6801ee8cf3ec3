// Search's filter syntax over ids, names and metadata values of the caller's tenant.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { b64, DC, fails, ok, pres, preserve } from "./client";

describe("Search", () => {
  // A word no other test uses, so the expected answers are exact however often the suite runs.
  const run = randomUUID().slice(0, 8);
  let report: string;
  let minutes: string;
  beforeAll(async () => {
    const dc = (title: string, creator: string) =>
      b64(JSON.stringify({ title, creator: [creator], subject: [run] }));
    report = (
      await preserve([
        {
          id: `annual-${run}.pdf`,
          binaryData: { value: b64("%PDF-1.4\n%%EOF\n") },
          mimeType: "application/pdf",
        },
        { formatId: DC, binaryData: { value: dc("Annual report 2024", "Finance department") } },
      ])
    ).poId;
    minutes = (
      await preserve([
        { id: `minutes-${run}.txt`, binaryData: { value: b64("Board minutes") } },
        { formatId: DC, binaryData: { value: dc("Board minutes March", "Board secretary") } },
      ])
    ).poId;
  });
  const find = async (fi: string) => ok(await pres("Search", { fi })).poId as string[];

  it("finds by free text in metadata values, file names and the POID, ignoring case", async () => {
    expect(await find(`${run} ANNUAL`)).toEqual([report]);
    expect(await find(`minutes-${run}.txt`)).toEqual([minutes]);
    expect(await find(report.slice(0, 13))).toEqual([report]);
    expect(await find(run)).toEqual([report, minutes]);
  });

  it("finds by a metadata field with prefix:name=value, quoted when it holds spaces", async () => {
    expect(await find(`dc:subject=${run} dc:title="board minutes"`)).toEqual([minutes]);
    expect(await find(`dc:subject=${run} dc:creator=finance`)).toEqual([report]);
    expect(await find(`dc:subject=${run} dc:title=secretary`)).toEqual([]);
    expect(await find(`subject=${run} title=report`)).toEqual([report]);
  });

  it("finds by the reserved fields id, name and mimeType", async () => {
    expect(await find(`id=${minutes}`)).toEqual([minutes]);
    expect(await find(`name=${run} mimeType=application/pdf`)).toEqual([report]);
  });

  it("finds by the start of the POID with id=<prefix>*, never by a later part", async () => {
    expect(await find(`id=${report.slice(0, 13)}* ${run}`)).toEqual([report]);
    expect(await find(`id="${report.slice(0, 8).toUpperCase()}*" ${run}`)).toEqual([report]);
    expect(await find(`id=${report.slice(1, 13)}* ${run}`)).toEqual([]);
    expect(await find(`id=${minutes}*`)).toEqual([minutes]);
  });

  it("refuses a malformed filter with parameterError", async () => {
    for (const fi of ['"unclosed', "dc:title=", "  "])
      fails(await pres("Search", { fi }), "parameterError");
  });
});
