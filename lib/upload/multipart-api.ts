// The dashboard's multipart upload routes (/api/ingest/uploads...), as the browser's uploader calls
// them: the answers parsed with the contract's schemas. Browser code: it never knows the archive's
// API, only the part URLs the archive signed.
import {
  MultipartUpload,
  PartUrls,
  UploadedFile,
  UploadState,
  type CompleteUploadRequest,
} from "@scriptorium/contract/ingest/multipart";
import { apiJson } from "@/lib/queries/ingest";

export interface MultipartApi {
  create(size: number, signal: AbortSignal): Promise<MultipartUpload>;
  // One page of the upload's state: the stored parts after `partNumberMarker`.
  state(uploadId: string, partNumberMarker: number, signal: AbortSignal): Promise<UploadState>;
  partUrls(uploadId: string, numbers: string, signal: AbortSignal): Promise<PartUrls>;
  // UploadedFile once assembled; the state (202) while the archive still assembles it.
  complete(
    uploadId: string,
    request: CompleteUploadRequest,
    signal: AbortSignal,
  ): Promise<UploadedFile | UploadState>;
  abort(uploadId: string, signal?: AbortSignal): Promise<void>;
}

const base = "/api/ingest/uploads";
const id = encodeURIComponent;
const json = (method: string, body: unknown, signal: AbortSignal): RequestInit => ({
  method,
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
  signal,
  cache: "no-store",
});

export const dashboardMultipartApi: MultipartApi = {
  async create(size, signal) {
    return MultipartUpload.parse(await apiJson(base, json("POST", { size }, signal)));
  },
  async state(uploadId, partNumberMarker, signal) {
    const query = partNumberMarker > 0 ? `?partNumberMarker=${partNumberMarker}` : "";
    return UploadState.parse(
      await apiJson(`${base}/${id(uploadId)}${query}`, { signal, cache: "no-store" }),
    );
  },
  async partUrls(uploadId, numbers, signal) {
    const path = `${base}/${id(uploadId)}/parts?numbers=${id(numbers)}`;
    return PartUrls.parse(await apiJson(path, { signal, cache: "no-store" }));
  },
  async complete(uploadId, request, signal) {
    const answer = await apiJson(`${base}/${id(uploadId)}/complete`, json("POST", request, signal));
    const state = UploadState.safeParse(answer);
    return state.success ? state.data : UploadedFile.parse(answer);
  },
  async abort(uploadId, signal) {
    await apiJson(`${base}/${id(uploadId)}`, { method: "DELETE", signal, cache: "no-store" });
  },
};
