// RetrieveTrace: every event recorded on an object, by either API, oldest first. The trace outlives
// the object, so a deleted object's trace is still answered.
import type { RetrieveTraceRequest } from "@scriptorium/contract/preservation/schemas";
import { readTrace } from "../../ingest/store";
import type { Operation } from "../context";
import { unknownPoId } from "../errors";
import { lookupPackage } from "../objects";

// POST /preservation/RetrieveTrace – the audit trail of one object
export const retrieveTrace: Operation<RetrieveTraceRequest> = async (request, ctx) => {
  const { db } = ctx.services;
  const events = await readTrace(db, ctx.caller.tenant, request.poId);
  if (events.length === 0 && !(await lookupPackage(db, ctx.caller.tenant, request.poId)))
    throw unknownPoId(request.poId);
  return {
    body: {
      trace: {
        event: events.map((e) => ({
          time: e.time.toISOString(),
          sub: e.subject,
          op: e.operation,
          ...(e.object !== null ? { obj: e.object } : {}),
          ...(e.detail !== null ? { det: e.detail } : {}),
        })),
      },
    },
  };
};
