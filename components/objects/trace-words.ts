// The archive's trace in a person's words: its detail strings ("mode OnlySubDOs; sor PO") become
// phrases that keep the protocol term for a tooltip, and runs of reads are grouped, so what
// changed an object is not buried under who looked at it.
import type { TraceEvent } from "@scriptorium/contract/preservation/schemas";
import { evidenceFormatName } from "@/lib/preservation/profile-text";

// One piece of a detail: the words to show and, when they replace a protocol term, that term.
export interface DetailPart {
  text: string;
  term?: string;
}

const SUBJECTS: Record<string, string> = {
  PO: "the content",
  Evidence: "the evidence",
  POwithEmbeddedEvidence: "the content with its evidence inside",
  POwithDetachedEvidence: "the content with its evidence beside it",
};

const MODES: Record<string, string> = {
  OnlySubDOs: "content deleted, evidence kept",
  SubDOsAndEvidence: "content and evidence deleted",
};

const count = (n: string, one: string, many: string) => `${n} ${n === "1" ? one : many}`;

// One "key value" segment of a detail in words.
function partOf(segment: string): DetailPart {
  const [, key = "", value = ""] = /^(\S+)\s+([\s\S]*)$/.exec(segment) ?? [];
  switch (key) {
    case "sor":
      return { text: `retrieved ${SUBJECTS[value] ?? value}`, term: segment };
    case "mode":
      return { text: MODES[value] ?? `deletion mode ${value}`, term: segment };
    case "versions":
      return { text: `${value.includes(",") ? "versions" : "version"} ${value}` };
    case "evidence":
      return { text: `evidence as ${evidenceFormatName(value)}`, term: segment };
    case "reqId":
      return { text: `request ${value}`, term: segment };
  }
  const pos = /^(\d+) PO\(s\)( in the delta)?: (.*)$/.exec(segment);
  if (pos) {
    const [, n = "", delta, names] = pos;
    return {
      text: `${count(n, "file", "files")}${delta ? " changed" : ""}: ${names}`,
      term: segment,
    };
  }
  const files = /^(\d+) file\(s\)$/.exec(segment);
  if (files) return { text: count(files[1] ?? "", "file", "files") };
  return { text: segment };
}

// A trace detail split at its semicolons, each part in words.
export function traceDetailParts(detail: string): DetailPart[] {
  return detail
    .split(";")
    .map((segment) => segment.trim())
    .filter((segment) => segment !== "")
    .map(partOf);
}

// Operations that only read: they change nothing about the object.
const READS = new Set(["RetrievePO", "RetrieveTrace", "Search", "RetrieveInfo"]);

export function isRead(event: Pick<TraceEvent, "op">): boolean {
  return READS.has(event.op);
}

export type TraceEntry =
  { kind: "event"; event: TraceEvent } | { kind: "reads"; events: TraceEvent[] };

// The events in order, each run of consecutive reads gathered into one entry.
export function groupReads(events: readonly TraceEvent[]): TraceEntry[] {
  const entries: TraceEntry[] = [];
  for (const event of events) {
    const last = entries.at(-1);
    if (!isRead(event)) entries.push({ kind: "event", event });
    else if (last?.kind === "reads") last.events.push(event);
    else entries.push({ kind: "reads", events: [event] });
  }
  return entries;
}
