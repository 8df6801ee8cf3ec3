// A small HTTP client for the ingest API: client-credentials tokens (cached until shortly before
// they expire), JSON requests, and waiting for a SIP to reach a terminal status.
import { expect } from "vitest";
import {
  ErrorResponse,
  IngestResponse,
  isTerminalSipStatus,
} from "@scriptorium/contract/ingest/schemas";
import { type ClientCredentials, suite } from "./target";

const tokens = new Map<string, { token: string; until: number }>();

// An access token for `client` from the token endpoint (client_secret_basic).
export async function tokenFor(client: ClientCredentials = suite.clientA): Promise<string> {
  const cached = tokens.get(client.id);
  if (cached && cached.until > Date.now()) return cached.token;
  const response = await fetch(suite.tokenUrl, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString("base64")}`,
    },
    body: new URLSearchParams({ grant_type: "client_credentials" }),
  });
  const body = (await response.json()) as { access_token?: string; expires_in?: number };
  if (!response.ok || !body.access_token) {
    throw new Error(
      `The token endpoint ${suite.tokenUrl} refused ${client.id}: ${JSON.stringify(body)}`,
    );
  }
  tokens.set(client.id, {
    token: body.access_token,
    until: Date.now() + ((body.expires_in ?? 60) - 30) * 1000,
  });
  return body.access_token;
}

export interface CallOptions {
  client?: ClientCredentials;
  tenant?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  token?: string | null;
}

export interface Answer {
  status: number;
  headers: Headers;
  json: unknown;
}

// Calls the ingest API at `path` (relative to /ingest).
export async function ingestApi(
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? await tokenFor(options.client) : options.token;
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  if (options.tenant) headers[suite.tenantHeader] = options.tenant;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers["Content-Type"] ??= "application/json";
  const response = await fetch(`${suite.baseUrl}/ingest${path}`, { method, headers, body });
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  return { status: response.status, headers: response.headers, json };
}

// Asserts the answer is the error `{ code, message }` with the given status and code; returns the message.
export function expectError(answer: Answer, status: number, code: string): string {
  expect({ status: answer.status, body: answer.json }).toMatchObject({ status, body: { code } });
  const body = ErrorResponse.parse(answer.json);
  expect(Object.keys(answer.json as object).sort()).toEqual(["code", "message"]);
  expect(body.message.length).toBeGreaterThan(10);
  return body.message;
}

// Asserts a successful ingest answer and returns it parsed.
export function expectAccepted(answer: Answer): IngestResponse {
  expect(answer.status, JSON.stringify(answer.json)).toBeGreaterThanOrEqual(200);
  expect(answer.status).toBeLessThan(300);
  return IngestResponse.parse(answer.json);
}

// Polls GET /sip/{packageId}/{name} until the SIP is INGESTED or FAILED; returns the last answer.
export async function waitForTerminal(
  accepted: IngestResponse,
  options: CallOptions & { enrichers?: string; timeoutMs?: number } = {},
): Promise<IngestResponse> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  const path = `/sip/${encodeURIComponent(accepted.packageId)}/${encodeURIComponent(accepted.name ?? "")}`;
  for (;;) {
    const answer = await ingestApi("GET", path, {
      ...options,
      headers: {
        ...options.headers,
        ...(options.enrichers ? { enrichers: options.enrichers } : {}),
      },
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const status = IngestResponse.parse(answer.json);
    if (status.status && isTerminalSipStatus(status.status)) return status;
    if (Date.now() > deadline)
      throw new Error(`SIP ${path} still ${status.status} after ${options.timeoutMs ?? 30_000} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const b64 = (data: string | Uint8Array) => Buffer.from(data).toString("base64");

// GET with a header sent on several lines (fetch would join them into one).
export async function getWithRepeatedHeader(
  path: string,
  name: string,
  values: string[],
): Promise<Answer> {
  const { request } = await import("node:http");
  const token = await tokenFor();
  return new Promise((resolve, reject) => {
    const req = request(`${suite.baseUrl}/ingest${path}`, {
      headers: { Authorization: `Bearer ${token}`, [name]: values },
    });
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => {
        const headers = new Headers();
        for (const [key, value] of Object.entries(res.headers))
          if (typeof value === "string") headers.set(key, value);
        resolve({ status: res.statusCode ?? 0, headers, json: JSON.parse(text) as unknown });
      });
    });
    req.on("error", reject);
    req.end();
  });
}
