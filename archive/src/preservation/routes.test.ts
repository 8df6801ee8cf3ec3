// The route wrapper's HTTP rules for callers the demo identities cannot play (no writer role) and
// for failures no black-box request can provoke (an operation that throws).
import { describe, expect, it } from "vitest";
import { RESULT_MAJOR, RESULT_MINOR } from "@scriptorium/contract/preservation/result-codes";
import type { Caller } from "../http/context";
import { IngestError } from "../http/errors";
import type { Operation, PreservationServices } from "./context";
import { deletePO } from "./operations/delete-po";
import { preservePO } from "./operations/preserve-po";
import { updatePOC } from "./operations/update-poc";
import { createPreservationRoutes, type Operations } from "./routes";

const reader: Caller = {
  sub: "reader",
  name: "Reader",
  clientId: "reader",
  roles: ["reader"],
  tenants: ["demo"],
  tenant: "demo",
};
const unused: Operation<unknown> = async () => ({ body: { unexpected: true } });
const base = Object.fromEntries(
  [
    "RetrieveInfo",
    "PreservePO",
    "RetrievePO",
    "DeletePO",
    "UpdatePOC",
    "RetrieveTrace",
    "Search",
    "ValidateEvidence",
  ].map((n) => [n, unused]),
) as unknown as Operations;

function app(
  operations: Partial<Operations>,
  authenticate: (headers: Headers) => Promise<Caller> = async () => reader,
) {
  // The refusals under test happen before an operation touches any service.
  return createPreservationRoutes({
    services: {} as PreservationServices,
    authenticate,
    operations: { ...base, ...operations },
  });
}

async function post(routes: ReturnType<typeof app>, op: string, body: unknown) {
  const response = await routes.request(`/${op}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<
      string,
      { maj?: string; min?: string; msg?: { value: string } }
    >,
  };
}

describe("preservation routes", () => {
  it("refuse writes and deletion to a caller without the archivist or admin role with 403 noPermission", async () => {
    const routes = app({ PreservePO: preservePO, UpdatePOC: updatePOC, DeletePO: deletePO });
    const cases = [
      [
        "PreservePO",
        { pro: "urn:scriptorium:profile:general:1.0", po: [{ binaryData: { value: "eA==" } }] },
      ],
      ["UpdatePOC", { poId: "p", deltaPoc: [{ binaryData: { value: "eA==" } }] }],
      ["DeletePO", { poId: "p" }],
    ] as const;
    for (const [op, body] of cases) {
      const answer = await post(routes, op, { reqId: `r-${op}`, ...body });
      expect(answer.status, op).toBe(403);
      expect(answer.body.result).toMatchObject({
        maj: RESULT_MAJOR.RequesterError,
        min: RESULT_MINOR.noPermission,
      });
      expect(answer.body.reqId).toBe(`r-${op}`);
    }
  });

  it("answer 401 with a Bearer challenge when authentication fails, before reading the request", async () => {
    const routes = app({}, async () => {
      throw new IngestError("NOT_AUTHORIZED", "The access token has expired: fetch a new one.");
    });
    const answer = await post(routes, "RetrieveInfo", { reqId: "r1", stat: "nonsense" });
    expect(answer.status).toBe(401);
    expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer /);
    expect(answer.body.result).toMatchObject({
      min: RESULT_MINOR.noPermission,
      msg: { value: "The access token has expired: fetch a new one." },
    });
  });

  it("turn an unexpected failure into HTTP 200 ResponderError internalError without its internals", async () => {
    const routes = app({
      RetrieveTrace: async () => {
        throw new Error("connection to 10.0.0.7 refused");
      },
    });
    const original = console.error;
    console.error = () => {};
    try {
      const answer = await post(routes, "RetrieveTrace", { poId: "p" });
      expect(answer.status).toBe(200);
      expect(answer.body.result).toMatchObject({
        maj: RESULT_MAJOR.ResponderError,
        min: RESULT_MINOR.internalError,
      });
      expect(JSON.stringify(answer.body)).not.toContain("10.0.0.7");
      expect(answer.body.trace).toEqual({});
    } finally {
      console.error = original;
    }
  });
});
