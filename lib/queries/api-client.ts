// The browser's one client of the dashboard's own /api routes. Every failure becomes an ApiError
// (lib/query-client.ts declares it as react-query's error type), so components read
// `error.status`, `error.code` and `error.message` without casts. Browser code: it only knows the
// dashboard's /api paths, never an upstream URL.
import type { Result } from "@scriptorium/contract/preservation/schemas";

// Why a call failed, as the route said it (`{ error: { code, message, field? }, result? }`), or as
// the client saw it when the route said nothing.
export class ApiError extends Error {
  // The HTTP status of the answer (react-query's retry rule reads it); 0 when none came.
  readonly status: number;
  // The route's error code; else HTTP_<status>, NETWORK (no answer) or BAD_ANSWER (an answer
  // that is not what the route promises).
  readonly code: string;
  // The request field at fault, when the route named one.
  readonly field?: string;
  // The archive's ETSI result, when the refusal came from the archive.
  readonly result?: Result;

  constructor(
    status: number,
    code: string,
    message: string,
    details: { field?: string; result?: Result } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    if (details.field !== undefined) this.field = details.field;
    if (details.result !== undefined) this.result = details.result;
  }
}

export interface ApiCall<T> {
  signal?: AbortSignal;
  // Lets the request outlive the page (e.g. a choice made just before leaving it).
  keepalive?: boolean;
  cache?: RequestCache;
  // Checks the answer; a mismatch is a BAD_ANSWER ApiError rather than a zod error. Given as a
  // function, the schema loads with the first answer (so zod need not come with the page).
  schema?: AnswerSchema<T> | (() => Promise<AnswerSchema<T>>);
}

// A zod schema of T, full zod or zod/mini alike: all a check needs of it.
export interface AnswerSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

type ErrorBody = {
  error?: { code?: unknown; message?: unknown; field?: unknown };
  result?: Result;
};

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined;

// The refusal a non-2xx answer carries, with one fallback rule when it carries none.
function refusal(status: number, body: unknown): ApiError {
  const { error, result } = (typeof body === "object" && body !== null ? body : {}) as ErrorBody;
  const field = text(error?.field);
  return new ApiError(
    status,
    text(error?.code) ?? `HTTP_${status}`,
    text(error?.message) ?? `The dashboard answered ${status} without saying why. Try again.`,
    { ...(field ? { field } : {}), ...(result ? { result } : {}) },
  );
}

const unreachable = () =>
  new ApiError(
    0,
    "NETWORK",
    "The dashboard could not be reached. Check the connection and try again.",
  );

// A schema given as a function; its script not arriving is a network failure like any other.
function loadSchema<T>(load: () => Promise<AnswerSchema<T>>): Promise<AnswerSchema<T>> {
  return load().catch(() => {
    throw unreachable();
  });
}

const unreadable = (status: number) =>
  new ApiError(status, "BAD_ANSWER", "The dashboard's answer could not be read. Try again.");

// What a call's answer carries: JSON, or nothing the caller needs (a DELETE's 204).
type Answer = "json" | "none";

async function call<T>(
  path: string,
  init: RequestInit,
  options: ApiCall<T>,
  answer: Answer = "json",
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { Accept: "application/json", ...init.headers },
      signal: options.signal,
      keepalive: options.keepalive,
      cache: options.cache,
    });
  } catch (error) {
    // A cancelled query stays a cancellation: react-query recognises it and shows nothing.
    if (options.signal?.aborted) throw error;
    throw unreachable();
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw refusal(response.status, body);
  if (answer === "none") return undefined as T;
  if (body === undefined) throw unreadable(response.status);
  if (!options.schema) return body as T;
  const schema =
    typeof options.schema === "function" ? await loadSchema(options.schema) : options.schema;
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw unreadable(response.status);
  return parsed.data;
}

// GET a dashboard route's JSON.
export function getJson<T>(path: string, options: ApiCall<T> = {}): Promise<T> {
  return call(path, {}, options);
}

// Sends JSON to a dashboard route and reads its JSON answer.
export function sendJson<T>(
  path: string,
  method: "POST" | "PUT",
  body: unknown,
  options: ApiCall<T> = {},
): Promise<T> {
  return call(
    path,
    { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) },
    options,
  );
}

// DELETEs a dashboard resource; the answer (204 without a body) carries nothing to read.
export async function deleteResource(
  path: string,
  options: Omit<ApiCall<never>, "schema"> = {},
): Promise<void> {
  await call(path, { method: "DELETE" }, options, "none");
}
