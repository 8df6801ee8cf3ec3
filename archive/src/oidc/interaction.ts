// The sign-in step of an authorization request: /oidc/interaction/:uid shows the form, .../login
// checks the password, .../abort cancels. Consent is granted without asking (first-party clients).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { InteractionDetails, Provider } from "oidc-provider";
import type { Identities } from "./identities";
import { OIDC_PATH } from "./provider";
import { errorPage, loginPage, pageSecurityPolicy } from "./pages";

const MAX_FORM_BYTES = 16 * 1024;
const interactionPath = /^\/interaction\/([A-Za-z0-9_-]+)(\/login|\/abort)?\/?(?:\?.*)?$/;

export type InteractionHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

// Returns a handler that answers interaction URLs (paths already without /oidc) and returns
// false for every other path, which then belongs to the provider.
export function createInteractionHandler(
  provider: Provider,
  identities: Identities,
): InteractionHandler {
  return async (req, res) => {
    const match = interactionPath.exec(req.url ?? "");
    if (!match) return false;
    const uid = match[1] ?? "";
    const action = match[2];
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.uid !== uid) throw new Error("interaction mismatch");
      if (!action && req.method === "GET") await show(provider, identities, details, req, res);
      else if (action === "/login" && req.method === "POST")
        await login(provider, identities, details, req, res);
      else if (action === "/abort" && req.method === "POST") {
        const result = {
          error: "access_denied",
          error_description: "The user cancelled the sign-in.",
        };
        await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
      } else {
        res.setHeader("Allow", action ? "POST" : "GET");
        sendHtml(
          res,
          405,
          errorPage({
            error: "method_not_allowed",
            error_description: "This page does not accept that method.",
          }),
        );
      }
    } catch {
      // Missing or expired interaction cookie: the sign-in cannot be resumed here.
      sendHtml(
        res,
        400,
        errorPage({
          error: "interaction_expired",
          error_description:
            "This sign-in has expired or was already used. Go back to the application and sign in again.",
        }),
      );
    }
    return true;
  };
}

async function show(
  provider: Provider,
  identities: Identities,
  details: InteractionDetails,
  req: IncomingMessage,
  res: ServerResponse,
) {
  if (details.prompt.name === "login") {
    const hint =
      typeof details.params.login_hint === "string" ? details.params.login_hint : undefined;
    sendHtml(res, 200, renderLogin(identities, details, { username: hint }));
    return;
  }
  await grantConsent(provider, details, req, res);
}

async function login(
  provider: Provider,
  identities: Identities,
  details: InteractionDetails,
  req: IncomingMessage,
  res: ServerResponse,
) {
  const form = new URLSearchParams(await readBody(req));
  const username = (form.get("username") ?? "").trim();
  const password = form.get("password") ?? "";
  const user = identities.verifyPassword(username, password);
  if (!user) {
    const error =
      username && password
        ? "The username or password is wrong."
        : "Enter your username and password.";
    sendHtml(res, 200, renderLogin(identities, details, { username, error }));
    return;
  }
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: user.username } },
    { mergeWithLastSubmission: false },
  );
}

// Records consent for whatever the provider found missing, then resumes the authorization.
async function grantConsent(
  provider: Provider,
  details: InteractionDetails,
  req: IncomingMessage,
  res: ServerResponse,
) {
  const accountId = details.session?.accountId;
  const clientId = String(details.params.client_id ?? "");
  const found = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
  const grant = found ?? new provider.Grant({ accountId: accountId ?? "", clientId });
  const missing = details.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(" "));
  }
  const grantId = await grant.save();
  await provider.interactionFinished(
    req,
    res,
    { consent: { grantId } },
    { mergeWithLastSubmission: true },
  );
}

function renderLogin(
  identities: Identities,
  details: InteractionDetails,
  extra: { username?: string; error?: string },
) {
  const clientId = String(details.params.client_id ?? "");
  const base = `${OIDC_PATH}/interaction/${details.uid}`;
  return loginPage({
    action: `${base}/login`,
    abortAction: `${base}/abort`,
    clientName: identities.findClient(clientId)?.name ?? "An application",
    demoUsers: identities.demo ? identities.users : undefined,
    ...extra,
  });
}

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Security-Policy", pageSecurityPolicy);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "no-referrer");
  res.end(html);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_FORM_BYTES) throw new Error("form too large");
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}
