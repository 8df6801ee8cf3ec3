import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ESM script without type declarations
import { startPlan } from "./config.mjs";

describe("npm start's plan", () => {
  it("listens on 3000 and names http://localhost:3000 by default", () => {
    expect(startPlan({})).toMatchObject({ appUrl: "http://localhost:3000", dashboardPort: 3000 });
  });

  it("moves the whole address with PORT alone, so sign-in comes back to where the dashboard is", () => {
    expect(startPlan({ PORT: "3300" })).toMatchObject({
      appUrl: "http://localhost:3300",
      dashboardPort: 3300,
    });
  });

  it("keeps APP_URL as the public address and listens on its port, or on PORT behind a proxy", () => {
    expect(startPlan({ APP_URL: "https://archive.example.org:8443/" })).toMatchObject({
      appUrl: "https://archive.example.org:8443",
      dashboardPort: 8443,
    });
    expect(startPlan({ APP_URL: "https://archive.example.org", PORT: "3100" })).toMatchObject({
      appUrl: "https://archive.example.org",
      dashboardPort: 3100,
    });
  });
});
