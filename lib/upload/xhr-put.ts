// One PUT of a file straight to an upload URL with XMLHttpRequest, the browser API that reports
// upload progress (fetch cannot, for request bodies). The bytes never pass through Next.js.

export interface PutRequest {
  url: string;
  body: Blob;
  headers: Record<string, string>;
  onProgress: (loaded: number) => void;
  signal: AbortSignal;
}

export interface PutResult {
  // null when the request failed without an answer (network error, timeout).
  status: number | null;
  body: string;
  retryAfter: string | null;
}

export type PutTransport = (request: PutRequest) => Promise<PutResult>;

// Sends the request; resolves with whatever came back, rejects only when the signal aborts it.
export const xhrPut: PutTransport = ({ url, body, headers, onProgress, signal }) =>
  new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    signal.addEventListener("abort", onAbort, { once: true });
    const settle = () => signal.removeEventListener("abort", onAbort);
    xhr.open("PUT", url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      settle();
      resolve({
        status: xhr.status,
        body: typeof xhr.responseText === "string" ? xhr.responseText : "",
        // Asked for only when the server exposes it: reading an unexposed header logs a CORS error.
        retryAfter: /^retry-after:/im.test(xhr.getAllResponseHeaders())
          ? xhr.getResponseHeader("Retry-After")
          : null,
      });
    };
    const failed = () => {
      settle();
      resolve({ status: null, body: "", retryAfter: null });
    };
    xhr.onerror = failed;
    xhr.ontimeout = failed;
    xhr.onabort = () => {
      settle();
      reject(signal.reason);
    };
    xhr.send(body);
  });
