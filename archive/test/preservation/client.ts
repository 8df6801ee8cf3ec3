// A client for the preservation API that checks, on every call, what ETSI requires of every answer:
// the body validates against ETSI's own JSON Schema for the operation, and optOut, result and reqId
// are present (reqId echoing the request's). A deviation fails the calling test.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import {
  ETSI_RESPONSE_DEFINITIONS,
  etsiValidator,
} from "@scriptorium/contract/preservation/etsi-json-schema";
import {
  RESULT_MAJOR,
  RESULT_MINOR,
  type ResultMinorName,
} from "@scriptorium/contract/preservation/result-codes";
import type { PreservationOperation } from "@scriptorium/contract/preservation/schemas";
import { b64, tokenFor, type CallOptions } from "../support/client";
import { suite } from "../support/target";

export { b64 };

export const admin = suite.clientB;
export const archivist = suite.clientA;

export interface EtsiAnswer {
  status: number;
  headers: Headers;
  // The body as received; typed loosely because tests look at every field.
  body: Record<string, unknown> & {
    result: { maj: string; min?: string; msg?: { value: string; lang: string } };
    reqId: string;
    optOut: Record<string, unknown>;
  };
}

const validators = new Map<string, ReturnType<typeof etsiValidator>>();
function validatorFor(op: string) {
  const definition =
    (ETSI_RESPONSE_DEFINITIONS as Record<string, string>)[op] ?? "pres-ResponseType";
  let validate = validators.get(definition);
  if (!validate) validators.set(definition, (validate = etsiValidator(definition)));
  return validate;
}

// POST /preservation/<op>; a reqId is added unless the body names one (or `keepReqId` is false).
export async function pres(
  op: PreservationOperation | string,
  body: Record<string, unknown> | undefined,
  options: CallOptions & { noReqId?: boolean } = {},
): Promise<EtsiAnswer> {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    ...options.headers,
  };
  const token = options.token === undefined ? await tokenFor(options.client) : options.token;
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  if (options.tenant) headers[suite.tenantHeader] = options.tenant;
  const sent =
    body === undefined || options.noReqId || "reqId" in body
      ? body
      : { reqId: `test-${randomUUID()}`, ...body };
  const response = await fetch(`${suite.baseUrl}/preservation/${op}`, {
    method: "POST",
    headers,
    body: options.rawBody ?? JSON.stringify(sent ?? {}),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(
      `${op} answered HTTP ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`,
    );
  }
  const validation = validatorFor(op)(json);
  expect(
    validation.errors,
    `${op} answer deviates from ETSI's JSON Schema: ${text.slice(0, 500)}`,
  ).toEqual([]);
  const answer = json as EtsiAnswer["body"];
  expect(answer).toHaveProperty("optOut");
  expect(answer).toHaveProperty("result");
  expect(typeof answer.reqId).toBe("string");
  const sentReqId = (sent as { reqId?: unknown } | undefined)?.reqId;
  if (typeof sentReqId === "string" && options.rawBody === undefined)
    expect(answer.reqId).toBe(sentReqId);
  return { status: response.status, headers: response.headers, body: answer };
}

// Asserts Success (HTTP 200) and returns the body.
export function ok(answer: EtsiAnswer): EtsiAnswer["body"] {
  expect(
    { status: answer.status, result: answer.body.result },
    JSON.stringify(answer.body.result),
  ).toMatchObject({
    status: 200,
    result: { maj: RESULT_MAJOR.Success },
  });
  return answer.body;
}

// Asserts a failure with the ETSI minor code and HTTP status; returns the message.
export function fails(
  answer: EtsiAnswer,
  minor: ResultMinorName,
  status = 200,
  major: keyof typeof RESULT_MAJOR = "RequesterError",
): string {
  expect({ status: answer.status, result: answer.body.result }).toMatchObject({
    status,
    result: { maj: RESULT_MAJOR[major], min: RESULT_MINOR[minor], msg: { lang: "en" } },
  });
  const message = answer.body.result.msg?.value ?? "";
  expect(message.length).toBeGreaterThan(10);
  return message;
}

export const profiles = {
  general: "urn:scriptorium:profile:general:1.0",
  records: "urn:scriptorium:profile:records-10y:1.0",
  signed: "urn:scriptorium:profile:signed-documents:1.0",
  research: "urn:scriptorium:profile:research-data:1.0",
  expired: "urn:scriptorium:profile:general:0.9",
};

export const formats = { xml: "urn:ietf:rfc:6283", der: "urn:ietf:rfc:4998" };
export const DC = "http://purl.org/dc/elements/1.1/";

// Preserves POs under a profile and returns the answer's poId and po.
export async function preserve(
  po: Record<string, unknown>[],
  options: CallOptions & { pro?: string } = {},
) {
  const body = ok(await pres("PreservePO", { pro: options.pro ?? profiles.general, po }, options));
  expect(typeof body.poId).toBe("string");
  return body as typeof body & { poId: string; po: Record<string, unknown>[] };
}

export type RetrievedPo = {
  binaryData?: { value: string };
  xmlData?: { b64Content: string };
  formatId?: string;
  mimeType?: string;
  pronomId?: string;
  id: string;
  relObj?: string[];
};

// The bytes a retrieved PO carries.
export function contentOf(po: RetrievedPo): Buffer {
  const value = po.binaryData?.value ?? po.xmlData?.b64Content;
  if (value === undefined) throw new Error(`PO ${po.id} carries no content`);
  return Buffer.from(value, "base64");
}
