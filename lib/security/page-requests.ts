// Page requests that Next.js would answer with a 500, answered 4xx by proxy.ts before it:
// - a Server Action, or a multipart form that could be one, whose Origin is another host or no
//   URL at all (Next.js's own rule: the Origin's host must equal X-Forwarded-Host, else Host);
// - a multipart body that does not parse, or a Server Action's arguments not encoded as React
//   encodes them (a JSON array, under the field "0" of a multipart body).
// Next.js's own checks decide what is valid, so no request it would have served is refused here.

export interface PageRequestRefusal {
  status: 400 | 403;
  message: string;
}

// Whether Next.js treats the request as a possible Server Action (server-action-request-meta).
// URL-encoded bodies are never decoded as one: Next.js answers them before any check.
function possibleServerAction(request: Request): { fetch: boolean; multipart: boolean } | null {
  const type = request.headers.get("content-type") ?? "";
  if (request.method !== "POST" || type === "application/x-www-form-urlencoded") return null;
  const fetch = request.headers.has("next-action");
  const multipart = type.startsWith("multipart/form-data");
  return fetch || multipart ? { fetch, multipart } : null;
}

// The host the request was sent to, as Next.js reads it for its Server Action check.
function requestHost(headers: Headers): string | null {
  const forwarded = headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  return forwarded || headers.get("host");
}

function originHost(origin: string): string | null {
  if (origin === "null") return "null";
  return URL.canParse(origin) ? new URL(origin).host : null;
}

function jsonArray(text: string): boolean {
  try {
    return Array.isArray(JSON.parse(text));
  } catch {
    return false;
  }
}

// React's reply encoding: every numbered field holds JSON (files aside), the root "0" an array.
function replyFieldsParse(form: FormData): boolean {
  const root = form.get("0");
  if (typeof root !== "string" || !jsonArray(root)) return false;
  for (const [name, value] of form) {
    if (!/^\d+$/.test(name) || typeof value !== "string") continue;
    try {
      JSON.parse(value);
    } catch {
      return false;
    }
  }
  return true;
}

const BAD_ARGUMENTS: PageRequestRefusal = {
  status: 400,
  message: "The Server Action's arguments are not encoded as React encodes them.",
};

async function actionBodyRefusal(
  request: Request,
  action: { fetch: boolean; multipart: boolean },
): Promise<PageRequestRefusal | null> {
  if (action.multipart) {
    let form: FormData;
    try {
      form = await request.clone().formData();
    } catch {
      return { status: 400, message: "The form's body is not valid multipart/form-data." };
    }
    return action.fetch && !replyFieldsParse(form) ? BAD_ARGUMENTS : null;
  }
  // A fetch action with a text body: its arguments as one JSON array.
  return jsonArray(await request.clone().text()) ? null : BAD_ARGUMENTS;
}

// Why a request for a page must be refused, or null when Next.js may have it.
export async function pageRequestRefusal(request: Request): Promise<PageRequestRefusal | null> {
  const action = possibleServerAction(request);
  if (!action) return null;
  const origin = request.headers.get("origin");
  if (origin !== null) {
    const host = originHost(origin);
    if (host === null) return { status: 400, message: "The Origin header is not a URL." };
    if (host !== requestHost(request.headers)) {
      return {
        status: 403,
        message:
          "This form was sent from another site. The dashboard only accepts forms from its own pages.",
      };
    }
  }
  return actionBodyRefusal(request, action);
}
