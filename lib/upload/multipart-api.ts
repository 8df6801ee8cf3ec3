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
import { z } from "zod";
import { deleteResource, getJson, sendJson } from "@/lib/queries/api-client";

export interface MultipartApi {
  // `partSize` is a wish the archive may turn down (it answers the layout it chose).
  create(size: number, signal: AbortSignal, partSize?: number): Promise<MultipartUpload>;
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

export const dashboardMultipartApi: MultipartApi = {
  create(size, signal, partSize) {
    const request = partSize ? { size, partSize } : { size };
    return sendJson(base, "POST", request, { signal, cache: "no-store", schema: MultipartUpload });
  },
  state(uploadId, partNumberMarker, signal) {
    const query = partNumberMarker > 0 ? `?partNumberMarker=${partNumberMarker}` : "";
    return getJson(`${base}/${id(uploadId)}${query}`, {
      signal,
      cache: "no-store",
      schema: UploadState,
    });
  },
  partUrls(uploadId, numbers, signal) {
    const path = `${base}/${id(uploadId)}/parts?numbers=${id(numbers)}`;
    return getJson(path, { signal, cache: "no-store", schema: PartUrls });
  },
  complete(uploadId, request, signal) {
    return sendJson(`${base}/${id(uploadId)}/complete`, "POST", request, {
      signal,
      cache: "no-store",
      schema: z.union([UploadState, UploadedFile]),
    });
  },
  abort(uploadId, signal) {
    return deleteResource(`${base}/${id(uploadId)}`, { signal, cache: "no-store" });
  },
};
