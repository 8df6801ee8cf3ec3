import { directLane } from "@/lib/server/direct-lane";
import { ApiError } from "@/lib/api/errors";
import { apiRoute, type Role } from "@/lib/api/handler";
import { jsonAnswer } from "@/lib/api/ingest-route";
import { parseOrThrow, readJsonBody } from "@/lib/api/request";
import {
  isPreservationOperation,
  PRESERVATION_OPERATIONS,
  type PreservationOperation,
} from "@scriptorium/contract/preservation/schemas";
import { otherMethods } from "@/lib/api/other-methods";

type Params = { operation: string };

// Who may call what: reads are open to every signed-in user.
const ROLE: Partial<Record<PreservationOperation, Role>> = {
  PreservePO: "archivist",
  UpdatePOC: "archivist",
  DeletePO: "admin",
};

// Mutations are audited under these actions; reads are not.
const AUDIT: Partial<Record<PreservationOperation, string>> = {
  PreservePO: "object.preserve",
  UpdatePOC: "object.update",
  DeletePO: "object.delete",
};

const known = (operation: string) => (isPreservationOperation(operation) ? operation : undefined);

// POST /api/preservation/[operation] – one of the eight ETSI operations, answered with the
// archive's envelope: 200 Success, 202 Pending, else the mapped status with `result` and `error`
export const POST = apiRoute<Params>(
  {
    role: ({ operation }) => ROLE[known(operation) ?? "RetrieveInfo"],
    audit: ({ operation }) => AUDIT[known(operation) ?? "RetrieveInfo"] ?? null,
  },
  async (ctx) => {
    const operation = known(ctx.params.operation);
    if (!operation) {
      throw new ApiError(
        "NOT_FOUND",
        `There is no preservation operation "${ctx.params.operation}".`,
      );
    }
    // RetrieveInfo may be sent without a body: it then lists every profile.
    const json = await readJsonBody(ctx.request, { empty: {} });
    const request = parseOrThrow(PRESERVATION_OPERATIONS[operation].request, json);
    if ("poId" in request && typeof request.poId === "string") ctx.audit.target = request.poId;
    // With four-eyes approval on, a deletion goes through a request a second admin approves.
    if (operation === "DeletePO") await ctx.deps.assertDirectDeletion();
    const who = { tenant: ctx.session.tenant, user: ctx.session.user, operation, request };
    let answer;
    try {
      answer = await ctx.deps.preservation.call(await ctx.upstream(), operation, request);
    } catch (error) {
      // The archive answering "no such object" corrects the catalogue: the archive wins.
      await ctx.deps.catalogue.preservation({ ...who, error });
      throw error;
    }
    await ctx.deps.catalogue.preservation({ ...who, answer: answer.body });
    if (typeof answer.body.poId === "string") ctx.audit.target ??= answer.body.poId;
    return jsonAnswer(answer.body, answer.status);
  },
);

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("POST");
export { otherMethod as GET, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };

// Answered without Next.js's router once the session is known (lib/server/direct-lane.ts)
directLane("/api/preservation/[operation]", { POST });
