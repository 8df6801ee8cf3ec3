"use client";
// An inline preview of one data object: images and PDFs from the content route (the PDF in a
// sandboxed frame), text and XML decoded here and shown as text, never rendered as markup.
import { useMemo } from "react";
import type { StoredPO } from "@scriptorium/contract/preservation/schemas";
import { contentOf, previewKind } from "./object-view";
import { base64ToText } from "./report-text";

// Text beyond this is cut: a preview, not a reader.
const TEXT_PREVIEW_CHARS = 100_000;

export interface PoPreviewProps {
  po: StoredPO;
  // The content route for this PO (without `inline`).
  contentUrl: string;
}

// The preview that suits the PO's media type, or a sentence saying there is none.
export function PoPreview({ po, contentUrl }: PoPreviewProps) {
  const kind = previewKind(po);
  const name = po.id ?? "the object";
  const text = useMemo(() => {
    if (kind !== "text" && kind !== "xml") return null;
    const content = contentOf(po);
    if (content === undefined) return null;
    try {
      return base64ToText(content);
    } catch {
      return null;
    }
  }, [kind, po]);

  if (kind === "image") {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- bytes of an archived object, not a site asset
      <img
        src={`${contentUrl}&inline=1`}
        alt={`Preview of ${name}`}
        // A package's objects below the screen load their previews as they come into view.
        loading="lazy"
        className="border-line max-h-96 max-w-full self-start rounded-lg border"
      />
    );
  }
  if (kind === "pdf") {
    return (
      <div className="flex flex-col gap-2">
        <iframe
          src={`${contentUrl}&inline=1#toolbar=0`}
          title={`Preview of ${name}`}
          // A package's PDFs below the screen start their viewers as they come into view.
          loading="lazy"
          // Not sandboxed: a sandboxed frame has no plugins, and the browser's PDF viewer is one.
          // The content route serves only application/pdf inline unsandboxed, with nosniff, so
          // nothing but the PDF viewer renders it. Without the viewer's toolbar (`#toolbar=0`):
          // as the viewer starts, its toolbar pushes the page down, a layout shift of the whole
          // frame. The download button sits under the preview, and the link below opens the full
          // viewer, toolbar and printing included, in a new tab.
          className="border-line h-[32rem] w-full rounded-lg border"
        />
        <a
          href={`${contentUrl}&inline=1`}
          target="_blank"
          rel="noopener noreferrer"
          className="text-accent self-start text-sm underline underline-offset-2"
        >
          Open {name} in a new tab
        </a>
      </div>
    );
  }
  if (text !== null) {
    const cut = text.length > TEXT_PREVIEW_CHARS;
    return (
      <div className="flex flex-col gap-1">
        <pre
          tabIndex={0}
          aria-label={`Preview of ${name}`}
          className="border-line bg-surface-muted text-ink max-h-96 overflow-auto rounded-lg border p-3 font-mono text-xs/5 whitespace-pre-wrap"
        >
          {cut ? text.slice(0, TEXT_PREVIEW_CHARS) : text}
        </pre>
        {cut ? (
          <p className="text-ink-muted text-xs">
            The preview shows the beginning only; download the file for all of it.
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <p className="text-ink-muted text-sm">
      There is no preview for {po.mimeType ? `${po.mimeType} files` : "this format"}; download the
      file to open it.
    </p>
  );
}
