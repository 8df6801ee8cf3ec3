// /oidc/me answered by the archive itself: oidc-provider's own userinfo endpoint refuses every
// token with an audience, and all of this provider's access tokens are JWTs for the archive.
import type { IncomingMessage, ServerResponse } from "node:http";
import { IngestError } from "../http/errors";
import type { VerifyAccessToken } from "./authenticate";
import type { Identities } from "./identities";

const userinfoPath = /^\/me\/?(?:\?.*)?$/;

// Answers GET/POST /me (path without /oidc) and returns false for every other path.
export function createUserinfoHandler(verify: VerifyAccessToken, identities: Identities) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (!userinfoPath.test(req.url ?? "")) return false;
    if (req.method !== "GET" && req.method !== "POST") {
      res.setHeader("Allow", "GET, POST");
      send(res, 405, { error: "invalid_request", error_description: "use GET or POST" });
      return true;
    }
    try {
      const payload = await verify(req.headers.authorization ?? null);
      // A client-credentials token has the client as its subject: there is no end-user to describe.
      const user =
        payload.sub !== payload.client_id ? identities.findUser(String(payload.sub)) : undefined;
      if (!user)
        throw new IngestError(
          "NOT_AUTHORIZED",
          "The access token does not belong to a signed-in user.",
        );
      send(res, 200, {
        sub: user.username,
        name: user.name,
        preferred_username: user.username,
        email: user.email,
        roles: user.roles,
        tenants: user.tenants,
      });
    } catch (error) {
      const description =
        error instanceof IngestError ? error.message : "The access token is invalid.";
      res.setHeader(
        "WWW-Authenticate",
        `Bearer error="invalid_token", error_description="${description.replace(/"/g, "'")}"`,
      );
      send(res, 401, { error: "invalid_token", error_description: description });
    }
    return true;
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(JSON.stringify(body));
}
