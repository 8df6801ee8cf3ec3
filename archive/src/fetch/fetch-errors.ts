// Sentences for the ways a URL fetch fails, so a person reading an ingest status knows what to do.
import { describeAddressKind, type AddressKind } from "./address-policy";

// A failure of the fetch itself (as opposed to a bug); its message is meant for people.
export class FetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FetchError";
  }
}

// 200 MB, 1.5 GB, 512 bytes …
export function formatBytes(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(1))} ${units[unit]}`;
}

export function tooLargeError(maxBytes: number): FetchError {
  return new FetchError(`The file at the URL is larger than ${formatBytes(maxBytes)}.`);
}

export function refusedAddressError(ip: string, kind: AddressKind, hop: number): FetchError {
  const verb = hop === 0 ? "points to" : "redirects to";
  return new FetchError(
    `The URL ${verb} ${describeAddressKind(kind)} (${ip}); the archive only fetches public addresses.`,
  );
}

// Node's network error codes, in words.
export function networkError(error: unknown, host: string): FetchError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? "";
  switch (code) {
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return new FetchError(`The host ${host} could not be found.`);
    case "ECONNREFUSED":
      return new FetchError(`The server ${host} refused the connection.`);
    case "ECONNRESET":
    case "EPIPE":
    case "ERR_STREAM_PREMATURE_CLOSE":
      return new FetchError(`The connection to ${host} broke off before the whole file arrived.`);
    case "ETIMEDOUT":
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return new FetchError(`The server ${host} cannot be reached.`);
    default:
      if (/CERT|SSL|TLS/.test(code)) {
        return new FetchError(
          `The server ${host} did not present a valid TLS certificate (${code}).`,
        );
      }
      return new FetchError(
        `The file could not be fetched from ${host}: ${(error as Error | undefined)?.message ?? "unknown error"}.`,
      );
  }
}
