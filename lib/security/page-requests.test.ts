import { describe, expect, it } from "vitest";
import { pageRequestRefusal } from "./page-requests";

const page = "http://localhost:3000/sign-in";

function post(headers: Record<string, string>, body: BodyInit = "[]"): Request {
  return new Request(page, {
    method: "POST",
    headers: { host: "localhost:3000", ...headers },
    body,
  });
}

const form = (boundary: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="callbackUrl"\r\n\r\n/objects\r\n--${boundary}--\r\n`;

describe("pageRequestRefusal", () => {
  it("refuses a Server Action from another site, or with an Origin that is no URL", async () => {
    expect(
      await pageRequestRefusal(post({ "next-action": "abc", origin: "https://evil.example" })),
    ).toMatchObject({
      status: 403,
    });
    expect(await pageRequestRefusal(post({ "next-action": "abc", origin: "null" }))).toMatchObject({
      status: 403,
    });
    expect(await pageRequestRefusal(post({ "next-action": "abc", origin: "garbage" }))).toEqual({
      status: 400,
      message: "The Origin header is not a URL.",
    });
  });

  it("judges the Origin against X-Forwarded-Host first, as Next.js does", async () => {
    const behindProxy = { "next-action": "abc", "x-forwarded-host": "dashboard.example, proxy" };
    expect(
      await pageRequestRefusal(post({ ...behindProxy, origin: "https://dashboard.example" })),
    ).toBeNull();
    expect(
      await pageRequestRefusal(post({ ...behindProxy, origin: "http://localhost:3000" })),
    ).toMatchObject({
      status: 403,
    });
  });

  it("lets the dashboard's own actions and forms through", async () => {
    expect(
      await pageRequestRefusal(post({ "next-action": "abc", origin: "http://localhost:3000" })),
    ).toBeNull();
    expect(await pageRequestRefusal(post({ "next-action": "abc" }))).toBeNull();
    const good = post(
      { "content-type": "multipart/form-data; boundary=b0", origin: "http://localhost:3000" },
      form("b0"),
    );
    expect(await pageRequestRefusal(good)).toBeNull();
    // The body is still there for Next.js to read.
    expect((await good.formData()).get("callbackUrl")).toBe("/objects");
  });

  it("refuses a multipart body that does not parse", async () => {
    for (const [type, body] of [
      ["multipart/form-data; boundary=b0", "garbage"],
      ["multipart/form-data", form("b0")],
      ["multipart/form-data; boundary=b0", form("b0").slice(0, 40)],
    ] as const) {
      expect(await pageRequestRefusal(post({ "content-type": type }, body)), body).toEqual({
        status: 400,
        message: "The form's body is not valid multipart/form-data.",
      });
    }
  });

  it("refuses a Server Action whose arguments are not what React sends", async () => {
    for (const body of ["", "garbage", "{}", "1", "[", '"x"']) {
      expect(await pageRequestRefusal(post({ "next-action": "abc" }, body)), body).toMatchObject({
        status: 400,
        message: "The Server Action's arguments are not encoded as React encodes them.",
      });
    }
    expect(await pageRequestRefusal(post({ "next-action": "abc" }, '["$K1"]'))).toBeNull();
    const multipartAction = (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      return new Request(page, { method: "POST", headers: { "next-action": "abc" }, body });
    };
    expect(await pageRequestRefusal(multipartAction({ "1_userId": "x" }))).toMatchObject({
      status: 400,
    });
    expect(await pageRequestRefusal(multipartAction({ "0": '["$K1"]', "1": "{" }))).toMatchObject({
      status: 400,
    });
    expect(
      await pageRequestRefusal(multipartAction({ "0": '["$K1"]', "1_userId": "x" })),
    ).toBeNull();
  });

  it("leaves other requests to the page", async () => {
    expect(
      await pageRequestRefusal(new Request(page, { headers: { origin: "https://evil.example" } })),
    ).toBeNull();
    expect(
      await pageRequestRefusal(
        post(
          { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
          "a=b",
        ),
      ),
    ).toBeNull();
  });
});
