// POST /api/session/tenant – switch the session to another of the user's tenants
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { apiRoute } from "@/lib/api/handler";
import { parseOrThrow, readJsonBody } from "@/lib/api/request";
import { setTenant } from "@/lib/auth/session";
import { otherMethods } from "@/lib/api/other-methods";

const body = z.object({ tenant: z.string().min(1, "tenant must name one of your tenants") });

export const POST = apiRoute({ audit: "session.tenant" }, async ({ request, session, audit }) => {
  const { tenant } = parseOrThrow(body, await readJsonBody(request, { limit: 4096 }));
  audit.target = `tenant:${tenant}`;
  if (!(await setTenant(session.id, tenant))) {
    throw new ApiError("FORBIDDEN", `You have no access to the tenant "${tenant}".`, {
      field: "tenant",
    });
  }
  return Response.json({ tenant });
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("POST");
export { otherMethod as GET, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
