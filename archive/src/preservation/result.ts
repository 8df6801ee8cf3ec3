// The ETSI result object and the envelope every preservation response shares (optOut, result, reqId).
import { randomUUID } from "node:crypto";
import {
  RESULT_MAJOR,
  RESULT_MINOR,
  type ResultMinorName,
} from "@scriptorium/contract/preservation/result-codes";
import type { Major } from "./errors";

export type MinorName = ResultMinorName;

export interface EtsiResult {
  maj: string;
  min?: string;
  msg?: { value: string; lang: string };
}

// The successful result; ETSI needs no minor code for it.
export function successResult(): EtsiResult {
  return { maj: RESULT_MAJOR.Success };
}

// A failed result with its ETSI minor URI and an English message.
export function errorResult(major: Major, minor: MinorName, message: string): EtsiResult {
  return {
    maj: RESULT_MAJOR[major],
    min: RESULT_MINOR[minor],
    msg: { value: message, lang: "en" },
  };
}

// The response body: the envelope first, then the operation's own fields. reqId echoes the
// request's, or names this response when the request had none (the spec says it is always there).
export function respond(
  result: EtsiResult,
  extra: Record<string, unknown> = {},
  context: { reqId?: string; policy?: string[] } = {},
): Record<string, unknown> {
  return {
    optOut: context.policy ? { policy: context.policy } : {},
    result,
    reqId: context.reqId ?? randomUUID(),
    ...extra,
  };
}
