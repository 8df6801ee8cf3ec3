import "server-only";
// The holdings query of an /api request's search parameters (others are ignored); a bad value is
// a 400 naming it.
import { parseOrThrow } from "@/lib/api/request";
import { HOLDINGS_PARAMS, HoldingsQuery } from "./holdings-query";

export function holdingsQueryOf(request: Request): HoldingsQuery {
  const params = new URL(request.url).searchParams;
  const raw = Object.fromEntries(
    HOLDINGS_PARAMS.flatMap((k) => (params.has(k) ? [[k, params.get(k)]] : [])),
  );
  return parseOrThrow(HoldingsQuery, raw);
}
