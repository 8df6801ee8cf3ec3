// The browser's uploader against an embedded archive started without multipart uploads (as the
// vendor's archive is by default): the file goes in one PUT to an upload URL. Its own file, so
// its archive runs in a process of its own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MULTIPART_FROM_BYTES, sendFile } from "./send-file";
import {
  countingTransport,
  fileOf,
  harness,
  quick,
  routesOf,
  type Harness,
} from "./testing/multipart-harness";

describe("sendFile against an archive without multipart uploads", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness({ ARCHIVE_MULTIPART: "false" });
  }, 120_000);
  afterAll(() => h?.archive.close());

  it("falls back to one PUT to an upload URL", async () => {
    const { file, sha256 } = fileOf(MULTIPART_FROM_BYTES + 1);
    const sent: string[] = [];
    const result = await sendFile(file, {
      ...quick,
      multipartApi: routesOf(h),
      getUploadUrl: () => h.client.uploadUrl({ token: h.token, tenant: "demo" }),
      transport: countingTransport(sent),
    });
    expect(sent).toEqual(["whole"]);
    expect(result.sha256).toBe(sha256);
  }, 120_000);
});
