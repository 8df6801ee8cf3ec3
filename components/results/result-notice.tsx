// An archive's answer (ETSI result.maj, result.min, result.msg) or a dashboard refusal, said in
// sentences. The codes stay available under "Details" for whoever needs to report them, never alone.
import type { ReactNode } from "react";
import { AlertIcon, ShieldIcon } from "@/components/ui/icons";
import { describeResult, type ResultLike } from "@scriptorium/contract/preservation/result-codes";
import { clsx } from "clsx";

const TONES = {
  ok: "border-success/30 bg-success-soft",
  pending: "border-accent/30 bg-accent-soft",
  error: "border-danger/30 bg-danger-soft",
} as const;

export interface ResultNoticeProps {
  // The archive's result, when there is one.
  result?: ResultLike;
  // A refusal without a result (e.g. the dashboard's own 403): its message.
  error?: { message: string; code?: string; status?: number; result?: ResultLike } | null;
  // The reader's language for result.msg.
  lang?: string;
  // Replaces the heading of a successful result ("Preserved").
  successTitle?: string;
  // Replaces the heading and the tone whatever the result (a valid call that found a problem).
  title?: string;
  tone?: keyof typeof TONES;
  children?: ReactNode;
}

function refusalTitle(status: number | undefined): string {
  if (status === 401) return "You are signed out";
  if (status === 403) return "Not allowed";
  if (status === 404) return "Not found";
  return "The request failed";
}

// One notice (clsx, not cn: its classes never conflict, and pages with little else stay without
// tailwind-merge): a heading, the sentences, optional extra content and the raw codes folded away.
export function ResultNotice({
  result,
  error,
  lang,
  successTitle,
  title: titleOverride,
  tone: toneOverride,
  children,
}: ResultNoticeProps) {
  const shown = result ?? error?.result;
  const described = shown ? describeResult(shown, lang) : undefined;
  const tone = toneOverride ?? (described?.ok ? "ok" : described?.pending ? "pending" : "error");
  const title =
    titleOverride ??
    (described?.ok && successTitle
      ? successTitle
      : (described?.title ?? refusalTitle(error?.status)));
  const detail = described?.detail ?? error?.message ?? "";
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={clsx("flex flex-col gap-2 rounded-xl border p-4", TONES[tone])}
    >
      <p className="text-ink flex items-center gap-2 font-semibold">
        {tone === "error" ? (
          <AlertIcon className="text-danger size-5 shrink-0" />
        ) : (
          <ShieldIcon
            className={clsx("size-5 shrink-0", tone === "ok" ? "text-success" : "text-accent")}
          />
        )}
        {title}
      </p>
      {detail ? <p className="text-ink text-sm/6">{detail}</p> : null}
      {children}
      {shown || error?.code ? (
        <details className="text-ink-muted text-xs">
          <summary className="cursor-pointer">Details for a support request</summary>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 break-all">
            {shown ? (
              <>
                <dt>Major code</dt>
                <dd className="font-mono">{shown.maj}</dd>
              </>
            ) : null}
            {shown?.min ? (
              <>
                <dt>Minor code</dt>
                <dd className="font-mono">{shown.min}</dd>
              </>
            ) : null}
            {error?.code ? (
              <>
                <dt>Dashboard code</dt>
                <dd className="font-mono">
                  {error.code}
                  {error.status ? ` (HTTP ${error.status})` : ""}
                </dd>
              </>
            ) : null}
          </dl>
        </details>
      ) : null}
    </div>
  );
}
