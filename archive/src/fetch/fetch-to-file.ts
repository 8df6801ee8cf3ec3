// Fetches a URL to a file without letting callers reach the archive's own network: only http(s),
// every hop's address checked (DNS resolved once by our own lookup, so the socket connects to the
// address that was checked and DNS rebinding cannot swap it), redirects followed by hand, a size cap
// enforced while streaming, and the file written to ".part", fsynced, then renamed.
import { createHash } from "node:crypto";
import { lookup as dnsLookup } from "node:dns/promises";
import { open, rename, rm } from "node:fs/promises";
import { request as httpRequest, type IncomingMessage, type RequestOptions } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { classifyAddress, isPublicAddress } from "./address-policy";
import { FetchError, networkError, refusedAddressError, tooLargeError } from "./fetch-errors";

export { FetchError } from "./fetch-errors";

export interface FetchToFileOptions {
  maxBytes: number;
  /** Also fetch from private, loopback and link-local addresses (development, intranets). */
  allowPrivate?: boolean;
  /** The whole fetch, redirects included; default 10 minutes. */
  timeoutMs?: number;
  maxRedirects?: number;
  /** Overrides the address policy (an operator allow-list; tests). */
  isAddressAllowed?: (ip: string) => boolean;
  /** Resolves a host name to addresses; default the system resolver. */
  resolveHost?: (hostname: string) => Promise<string[]>;
  userAgent?: string;
}

export interface FetchToFileResult {
  size: number;
  sha256: string;
  /** The media type of the response, without parameters. */
  contentType?: string;
  finalUrl: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const systemResolve = async (hostname: string) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

// Downloads `url` to `destPath`; every failure is an Error whose message a person understands.
export async function fetchToFile(
  url: string,
  destPath: string,
  options: FetchToFileOptions,
): Promise<FetchToFileResult> {
  const { maxBytes, timeoutMs = 600_000, maxRedirects = 5 } = options;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const part = `${destPath}.part`;
  try {
    let current = httpUrl(url, 0);
    for (let hop = 0; ; hop++) {
      const response = await requestOnce(current, hop, options, controller.signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.destroy();
        if (hop >= maxRedirects) {
          throw new FetchError(
            `The URL redirected more than ${maxRedirects} times; the archive stops there.`,
          );
        }
        current = httpUrl(new URL(location, current).href, hop + 1);
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw new FetchError(
          `The server answered ${status} ${response.statusMessage ?? ""}`.trimEnd() +
            ` for ${current.href}.`,
        );
      }
      const declared = Number(response.headers["content-length"]);
      if (Number.isFinite(declared) && declared > maxBytes) {
        response.destroy();
        throw tooLargeError(maxBytes);
      }
      const { size, sha256 } = await saveBody(response, part, maxBytes, current.host);
      await rename(part, destPath);
      const contentType = response.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
      return { size, sha256, finalUrl: current.href, ...(contentType ? { contentType } : {}) };
    }
  } catch (error) {
    await rm(part, { force: true });
    if (controller.signal.aborted) {
      const limit =
        timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} seconds` : `${timeoutMs} milliseconds`;
      throw new FetchError(`The server did not deliver the file within ${limit}.`);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function httpUrl(text: string, hop: number): URL {
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    throw new FetchError(`${text} is not a valid URL.`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    const scheme = parsed.protocol.replace(/:$/, "");
    const what =
      hop === 0 ? `uses the ${scheme} scheme` : `redirects to a URL with the ${scheme} scheme`;
    throw new FetchError(`The URL ${what}; the archive only fetches http and https URLs.`);
  }
  return parsed;
}

function requestOnce(
  url: URL,
  hop: number,
  options: FetchToFileOptions,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const allowed =
    options.isAddressAllowed ??
    ((ip: string) => options.allowPrivate === true || isPublicAddress(ip));
  const check = (ip: string) => {
    if (!allowed(ip)) throw refusedAddressError(ip, classifyAddress(ip), hop);
  };
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // Node skips `lookup` for literal addresses, so those are checked here.
  if (isIP(host)) check(host);
  const resolve = options.resolveHost ?? systemResolve;
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    const answer = callback as (error: Error | null, address?: unknown, family?: number) => void;
    resolve(hostname).then(
      (addresses) => {
        const address = addresses.find((a) => allowed(a));
        if (!address) {
          const first = addresses[0];
          return answer(
            first
              ? refusedAddressError(first, classifyAddress(first), hop)
              : networkError({ code: "ENOTFOUND" }, hostname),
          );
        }
        const family = isIP(address);
        if (lookupOptions.all) answer(null, [{ address, family }]);
        else answer(null, address, family);
      },
      (error: unknown) => answer(networkError(error, hostname)),
    );
  };
  const requestOptions: RequestOptions = {
    method: "GET",
    lookup,
    signal,
    // No pooled sockets: a connection opened under one address policy must not serve another.
    agent: false,
    headers: { "user-agent": options.userAgent ?? "Scriptorium-Archive/1.0", accept: "*/*" },
  };
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolvePromise, reject) => {
    const request = send(url, requestOptions, resolvePromise);
    request.on("error", (error) => {
      reject(error instanceof FetchError || signal.aborted ? error : networkError(error, url.host));
    });
    request.end();
  });
}

async function saveBody(response: IncomingMessage, part: string, maxBytes: number, host: string) {
  const file = await open(part, "w");
  const hash = createHash("sha256");
  let size = 0;
  try {
    try {
      for await (const chunk of response as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > maxBytes) {
          response.destroy();
          throw tooLargeError(maxBytes);
        }
        hash.update(chunk);
        await file.write(chunk);
      }
    } catch (error) {
      if (error instanceof FetchError) throw error;
      throw networkError(error, host);
    }
    if (!response.complete) throw networkError({ code: "ECONNRESET" }, host);
    await file.sync();
  } finally {
    await file.close();
  }
  return { size, sha256: hash.digest("hex") };
}
