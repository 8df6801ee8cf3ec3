import { describe, expect, it } from "vitest";
import { roleLabel } from "./role-label";

describe("roleLabel", () => {
  it("puts admin before archivist and unknown roles after both", () => {
    expect(roleLabel(["archivist", "auditor", "admin"])).toBe("admin · archivist · auditor");
    expect(roleLabel(["archivist"])).toBe("archivist");
  });

  it("says so when the user has no role", () => {
    expect(roleLabel([])).toBe("no role");
  });
});
