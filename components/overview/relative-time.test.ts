import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

const now = new Date("2025-11-21T12:00:00Z");
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe("relativeTime", () => {
  it("uses the largest whole unit", () => {
    expect(relativeTime(ago(5), now)).toBe("just now");
    expect(relativeTime(ago(61), now)).toBe("1 minute ago");
    expect(relativeTime(ago(5 * 3600 + 10), now)).toBe("5 hours ago");
    expect(relativeTime(ago(86_400 + 5), now)).toBe("yesterday");
    expect(relativeTime(ago(3 * 86_400), now)).toBe("3 days ago");
    expect(relativeTime(ago(15 * 86_400), now)).toBe("2 weeks ago");
  });

  it("treats an instant in the future (a skewed clock) as just now", () => {
    expect(relativeTime(ago(-30), now)).toBe("just now");
  });
});
