import { describe, expect, it } from "vitest";
import {
  HOLDINGS_PARAMS,
  HoldingsQuery,
  holdingsQueryFrom,
  holdingsSearch,
} from "./holdings-query";

describe("the holdings address", () => {
  it("names every parameter of the query schema, each once", () => {
    expect([...HOLDINGS_PARAMS].sort()).toEqual(Object.keys(HoldingsQuery.shape).sort());
    expect(new Set(HOLDINGS_PARAMS).size).toBe(HOLDINGS_PARAMS.length);
  });

  it("reads back the query it writes, defaults left out", () => {
    const search = "q=minutes&state=ingested&sort=title&page=2";
    const parsed = holdingsQueryFrom(new URLSearchParams(search));
    expect(parsed.success).toBe(true);
    expect(holdingsSearch(parsed.data!)).toBe(search);
    expect(holdingsSearch({ page: 1, sort: "date", dir: "desc" })).toBe("sort=date");
  });
});
