// The guard around the archive's raw listeners, on a real HTTP server: whatever a listener throws
// or rejects with is answered, and the server keeps serving.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { guarded } from "./guard";

let server: Server;
let base: string;

beforeAll(async () => {
  const listener = guarded(async (req, res) => {
    if (req.url === "/throw") decodeURIComponent("%");
    if (req.url === "/reject") throw new Error("database password is hunter2");
    if (req.url === "/half") {
      res.writeHead(200, { "Content-Type": "text/plain" });
      res.write("partial");
      throw new Error("failed half-way");
    }
    res.end("ok");
  });
  server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("guarded", () => {
  it("answers a malformed request with 400 and a failure with 500 without internals, and keeps serving", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const malformed = await fetch(`${base}/throw`);
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toMatchObject({
        code: "VALIDATION_ERROR",
        message: expect.stringMatching(/malformed/),
      });

      const failed = await fetch(`${base}/reject`);
      expect(failed.status).toBe(500);
      const body = await failed.text();
      expect(JSON.parse(body)).toMatchObject({ code: "EXCEPTION" });
      expect(body).not.toContain("hunter2");

      // Once the answer has started it can only be cut short.
      await expect(fetch(`${base}/half`).then((r) => r.text())).rejects.toThrow();

      expect(await (await fetch(`${base}/`)).text()).toBe("ok");
    } finally {
      log.mockRestore();
    }
  });
});
