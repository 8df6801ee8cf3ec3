import { describe, expect, it } from "vitest";
import { cookieTimeZone, timeZoneCookie } from "./time-zone-cookie";

describe("the time zone cookie", () => {
  it("is written for the whole site for a year, and read back among other cookies", () => {
    const written = timeZoneCookie("America/Argentina/Buenos_Aires");
    expect(written).toBe(
      "tz=America%2FArgentina%2FBuenos_Aires; Path=/; Max-Age=31536000; SameSite=Lax",
    );
    const header = `authjs.session-token=abc; ${written.split(";")[0]}; theme=dark`;
    expect(cookieTimeZone(header)).toBe("America/Argentina/Buenos_Aires");
  });

  it("names no zone when the cookie is missing or empty", () => {
    expect(cookieTimeZone("")).toBeNull();
    expect(cookieTimeZone("tzx=Europe/Paris; tz=")).toBeNull();
  });
});
