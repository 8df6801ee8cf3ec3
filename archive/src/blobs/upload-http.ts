// What the raw handlers under /uploads/ share: CORS for the dashboard's browser, JSON answers, and
// refusals that do not read a large body only to throw it away.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { IngestErrorCode } from "../http/errors";
import { ingestErrorStatus } from "../http/errors";

export const CHECKSUM_HEADERS = ["x-checksum-sha256", "x-amz-checksum-sha256"] as const;

// Hex SHA-256 from a checksum header in hex or base64; undefined when absent, null when malformed.
export function parseChecksumHeader(value: string | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return v.toLowerCase();
  if (/^[A-Za-z0-9+/]{43}=$/.test(v)) return Buffer.from(v, "base64").toString("hex");
  return null;
}

// The checksum a PUT came with: the header that carried it and its hex digest (see above).
export function checksumOf(req: IncomingMessage): {
  header: string | undefined;
  sha256: string | null | undefined;
} {
  const header = CHECKSUM_HEADERS.find((name) => req.headers[name] !== undefined);
  return {
    header,
    sha256: parseChecksumHeader(header ? String(req.headers[header]) : undefined),
  };
}

export function setCors(req: IncomingMessage, res: ServerResponse, allowed: string[]) {
  res.setHeader("Vary", "Origin");
  const origin = req.headers.origin;
  if (!origin || !allowed.includes(origin)) return;
  res.setHeader("Access-Control-Allow-Origin", origin);
  res.setHeader("Access-Control-Expose-Headers", "ETag, X-Checksum-Sha256");
}

// The answer to a CORS preflight of a PUT with a checksum header.
export function answerPreflight(res: ServerResponse) {
  res.writeHead(204, {
    "Access-Control-Allow-Methods": "PUT, OPTIONS",
    "Access-Control-Allow-Headers": `Content-Type, ${CHECKSUM_HEADERS.join(", ")}`,
    "Access-Control-Max-Age": "600",
  });
  res.end();
}

export function answer(res: ServerResponse, status: number, body: unknown) {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
}

export function fail(
  req: IncomingMessage,
  res: ServerResponse,
  code: IngestErrorCode,
  message: string,
) {
  // When the body was not read, it is drained for a short while and the connection then closed:
  // reading a 5 GB body only to refuse it would waste it, and closing at once (Connection: close
  // makes Node destroy the socket once the answer is written) resets a client still sending, which
  // then sees a broken connection instead of the answer.
  const unread = !req.complete;
  answer(res, ingestErrorStatus[code], { code, message });
  if (unread) {
    req.resume();
    const timer = setTimeout(() => req.socket.destroy(), 2000);
    req.once("end", () => clearTimeout(timer));
    req.once("close", () => clearTimeout(timer));
  }
}

// Refuses a pre-signed URL whose signature `verify` rejects, or that has expired; true when it
// answered. The messages say which URL it was and how to get a new one.
export function refuseSignedUrl(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  verify: (expires: number, sig: string) => boolean,
  messages: { invalid: string; expired: string },
): boolean {
  const signed = signedQuery(url);
  if (!signed || !verify(signed.expires, signed.sig)) {
    fail(req, res, "NO_PERMISSION", messages.invalid);
    return true;
  }
  if (signed.expires * 1000 <= Date.now()) {
    fail(req, res, "VALIDATION_ERROR", messages.expired);
    return true;
  }
  return false;
}

// The signed query of an upload or part URL; null when it is not there or malformed.
export function signedQuery(url: URL): { expires: number; sig: string } | null {
  const expires = Number(url.searchParams.get("expires"));
  const sig = url.searchParams.get("sig") ?? "";
  if (!Number.isInteger(expires) || !/^[0-9a-f]{64}$/.test(sig)) return null;
  return { expires, sig };
}
