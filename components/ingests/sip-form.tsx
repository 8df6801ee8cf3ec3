"use client";
// A prepared SIP (a BagIt bag, zipped) sent as it is through PUT /sip: small bags inside the
// request, large ones uploaded straight to the archive first, or fetched by the archive from a URL.
import { useId, useRef, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import {
  errorClasses,
  helpClasses,
  inputClasses,
  labelClasses,
} from "@/components/metadata/input-classes";
import { UploadProgressRow } from "@/components/ingest/upload-progress-row";
import { Button } from "@/components/ui/button";
import { isHttpUrl } from "@scriptorium/contract/ingest/http-url";
import type { IngestSipRequest } from "@scriptorium/contract/ingest/schemas";
import { ApiError } from "@/lib/queries/api-client";
import { requestUploadUrl, statusPagePath, submitSip } from "@/lib/queries/ingest";
import { blobToBase64 } from "@/lib/upload/base64";
import type { UploadRowState } from "@/lib/upload/progress-text";
import { nameFromUrl } from "./submit-body";
import { sipCarriage } from "./sip-carriage";

// The file or URL field, the carriage decision, progress, and the send button.
export function SipForm() {
  const id = useId();
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState("");
  const [row, setRow] = useState<UploadRowState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const carriage = file ? sipCarriage(file.size, file.name) : null;

  async function bodyFor(chosen: File, forceUpload: boolean): Promise<IngestSipRequest> {
    if (!forceUpload && carriage?.method === "inline") {
      return { type: "BINARY", content: await blobToBase64(chosen), name: chosen.name };
    }
    controller.current = new AbortController();
    // The uploader loads with the first upload, not with the form.
    const { uploadFile } = await import("@/lib/upload/uploader");
    const { key } = await uploadFile(chosen, {
      getUploadUrl: requestUploadUrl,
      signal: controller.current.signal,
      onProgress: setRow,
    });
    return { type: "S3", content: key, name: chosen.name };
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!file && !isHttpUrl(url.trim())) {
      setError("Choose a BagIt zip, or give the http(s) address the archive can fetch it from.");
      return;
    }
    if (carriage?.method === "refused") return setError(carriage.reason);
    setBusy(true);
    try {
      let sip;
      if (file) {
        try {
          sip = await submitSip(await bodyFor(file, false));
        } catch (failure) {
          // The archive's own limit may be lower than the spec's: upload and name the key instead.
          if (!(
            failure instanceof ApiError &&
            failure.code === "JSON_TOO_LARGE" &&
            carriage?.method === "inline"
          ))
            throw failure;
          sip = await submitSip(await bodyFor(file, true));
        }
      } else {
        sip = await submitSip({
          type: "URL",
          content: url.trim(),
          name: nameFromUrl(url.trim()) || "sip.zip",
        });
      }
      router.push(sip.name ? statusPagePath(sip.packageId, sip.name) : "/ingests");
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(e) => void send(e)}
      noValidate
      aria-label="Prepared SIP"
      className="flex flex-col gap-6"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-file`} className={labelClasses}>
          BagIt zip
        </label>
        <p id={`${id}-file-help`} className={helpClasses}>
          A bag (RFC 8493) zipped, with its manifests and a package-metadata.json naming the
          profile.
        </p>
        <input
          id={`${id}-file`}
          type="file"
          accept=".zip,application/zip"
          disabled={busy}
          aria-describedby={`${id}-file-help`}
          onChange={(e) => (setFile(e.target.files?.[0] ?? null), setRow(null))}
          className="text-ink file:border-line-strong file:bg-surface file:text-ink text-sm file:mr-3 file:rounded-lg file:border file:px-3 file:py-2"
        />
        {carriage ? <p className="text-ink-muted text-sm">{carriage.reason}</p> : null}
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-url`} className={labelClasses}>
          Or the bag&apos;s URL
        </label>
        <input
          id={`${id}-url`}
          type="url"
          value={url}
          disabled={busy || file !== null}
          placeholder="https://example.org/bag.zip"
          onChange={(e) => setUrl(e.target.value)}
          className={inputClasses("h-10 max-w-xl")}
        />
      </div>
      {row && file ? (
        <UploadProgressRow
          name={file.name}
          state={row}
          onCancel={() => controller.current?.abort()}
        />
      ) : null}
      <div aria-live="assertive">
        {error ? (
          <p role="alert" className={errorClasses}>
            The SIP was not sent: {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" className="w-fit" disabled={busy}>
        {busy ? "Sending…" : "Send the SIP"}
      </Button>
    </form>
  );
}
