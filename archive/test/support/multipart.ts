// Calls of the multipart upload extension for the tests, against the archive under test or a
// child archive (`base` and `token` given): create, part URLs, part PUTs, state, complete, abort.
import { createHash } from "node:crypto";
import { request } from "node:http";
import type { Readable } from "node:stream";
import {
  MultipartUpload,
  PartUrls,
  UploadState,
  partRange,
} from "@scriptorium/contract/ingest/multipart";
import { type Answer, ingestApi, type CallOptions } from "./client";

export const MiB = 1024 * 1024;

export const sha256Of = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

// Another archive than the suite's (a child process): its URL and a token for it.
export interface Remote {
  base: string;
  token: string;
}

async function call(
  method: string,
  path: string,
  options: CallOptions & { remote?: Remote } = {},
): Promise<Answer> {
  if (!options.remote) return ingestApi(method, path, options);
  const response = await fetch(`${options.remote.base}/ingest${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${options.remote.token}`,
      ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: text ? JSON.parse(text) : null,
  };
}

export async function createUpload(
  size: number,
  partSize = 8 * MiB,
  options: CallOptions & { remote?: Remote } = {},
): Promise<MultipartUpload> {
  const answer = await call("POST", "/uploads", { ...options, body: { size, partSize } });
  if (answer.status !== 201)
    throw new Error(`POST /uploads: ${answer.status} ${JSON.stringify(answer.json)}`);
  return MultipartUpload.parse(answer.json);
}

export async function partUrls(
  upload: MultipartUpload,
  numbers: string,
  options: CallOptions & { remote?: Remote } = {},
): Promise<Map<number, string>> {
  const answer = await call(
    "GET",
    `/uploads/${upload.uploadId}/parts?numbers=${encodeURIComponent(numbers)}`,
    options,
  );
  if (answer.status !== 200)
    throw new Error(`GET parts: ${answer.status} ${JSON.stringify(answer.json)}`);
  return new Map(PartUrls.parse(answer.json).parts.map((p) => [p.partNumber, p.url]));
}

export const uploadState = (
  upload: Pick<MultipartUpload, "uploadId">,
  options: CallOptions & { remote?: Remote } = {},
) => call("GET", `/uploads/${upload.uploadId}`, options);

export async function storedParts(
  upload: Pick<MultipartUpload, "uploadId">,
  options: CallOptions & { remote?: Remote } = {},
) {
  const answer = await uploadState(upload, options);
  if (answer.status !== 200)
    throw new Error(`GET upload: ${answer.status} ${JSON.stringify(answer.json)}`);
  return UploadState.parse(answer.json);
}

export const completeUpload = (
  upload: Pick<MultipartUpload, "uploadId">,
  body: { sha256?: string; parts: { partNumber: number; sha256: string }[] },
  options: CallOptions & { remote?: Remote } = {},
) => call("POST", `/uploads/${upload.uploadId}/complete`, { ...options, body });

export const abortUpload = (
  upload: Pick<MultipartUpload, "uploadId">,
  options: CallOptions & { remote?: Remote } = {},
) => call("DELETE", `/uploads/${upload.uploadId}`, options);

// The bytes of part `n` of `file` under the upload's layout.
export function partOf(file: Buffer, upload: MultipartUpload, n: number): Buffer {
  const { start, end } = partRange(upload.size, upload.partSize, n);
  return file.subarray(start, end);
}

export async function putPart(
  url: string,
  body: Buffer,
  checksum: string | null = sha256Of(body),
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: "PUT",
    body,
    headers: checksum === null ? {} : { "x-checksum-sha256": checksum },
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

// PUTs a stream of `length` bytes (a part read from a file) with its checksum.
export function putStream(
  url: string,
  body: Readable,
  length: number,
  checksum: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: "PUT",
      headers: { "Content-Length": String(length), "x-checksum-sha256": checksum },
    });
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", reject);
    body.on("error", reject);
    body.pipe(req);
  });
}

// Every part of `file` sent, `concurrency` at a time; then the parts and their digests in order.
export async function sendAllParts(
  file: Buffer,
  upload: MultipartUpload,
  options: CallOptions & { remote?: Remote; concurrency?: number } = {},
): Promise<{ partNumber: number; sha256: string }[]> {
  const urls = await partUrls(upload, `1-${upload.partCount}`, options);
  const parts = Array.from({ length: upload.partCount }, (_, i) => {
    const bytes = partOf(file, upload, i + 1);
    return { partNumber: i + 1, sha256: sha256Of(bytes), bytes };
  });
  const queue = [...parts];
  const worker = async () => {
    for (let part = queue.shift(); part; part = queue.shift()) {
      const put = await putPart(urls.get(part.partNumber) ?? "", part.bytes, part.sha256);
      if (put.status !== 200)
        throw new Error(`part ${part.partNumber}: ${put.status} ${JSON.stringify(put.json)}`);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 3 }, worker));
  return parts.map(({ partNumber, sha256 }) => ({ partNumber, sha256 }));
}
