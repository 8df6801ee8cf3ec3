// ETSI TS 119 512 result codes (result.maj, result.min) and how to say them to a person.

const MAJOR = "urn:oasis:names:tc:dss:1.0:resultmajor:";
const ERROR = "http://uri.etsi.org/19512/error/";
const WARNING = "http://uri.etsi.org/19512/warning/";

// The five values `result.maj` may take.
export const RESULT_MAJOR = {
  Success: `${MAJOR}Success`,
  RequesterError: `${MAJOR}RequesterError`,
  ResponderError: `${MAJOR}ResponderError`,
  InsufficientInformation: `${MAJOR}InsufficientInformation`,
  Pending: "urn:oasis:names:tc:dss:1.0:profiles:asynchronousprocessing:resultmajor:Pending",
} as const;

export const RESULT_MAJOR_CODES = [
  RESULT_MAJOR.Success,
  RESULT_MAJOR.RequesterError,
  RESULT_MAJOR.ResponderError,
  RESULT_MAJOR.InsufficientInformation,
  RESULT_MAJOR.Pending,
] as const;
export type ResultMajor = (typeof RESULT_MAJOR_CODES)[number];

// The minor codes ETSI defines; the URIs are case-sensitive.
export const RESULT_MINOR = {
  noPermission: `${ERROR}noPermission`,
  internalError: `${ERROR}internalError`,
  parameterError: `${ERROR}parameterError`,
  notSupported: `${ERROR}notSupported`,
  transferError: `${ERROR}transferError`,
  noSpaceError: `${ERROR}noSpaceError`,
  unknownPOFormat: `${ERROR}unknownPOFormat`,
  POFormatError: `${ERROR}POFormatError`,
  externalServiceUnavailable: `${ERROR}externalServiceUnavailable`,
  unknownEvidenceFormat: `${ERROR}unknownEvidenceFormat`,
  unknownPOID: `${ERROR}unknownPOID`,
  unknownVersionID: `${ERROR}unknownVersionID`,
  unknownMode: `${ERROR}unknownMode`,
  unknownDeltaPOCType: `${ERROR}unknownDeltaPOCType`,
  DeltaPOCInternalProblem: `${ERROR}DeltaPOCInternalProblem`,
  lowSpace: `${WARNING}lowSpace`,
  requestOnlyPartlySuccessful: `${WARNING}requestOnlyPartlySuccessful`,
} as const;
export type ResultMinorName = keyof typeof RESULT_MINOR;
export type ResultMinor = (typeof RESULT_MINOR)[ResultMinorName];

// What each major code means, as a heading and a sentence.
export const MAJOR_TEXT: Record<ResultMajor, { title: string; detail: string }> = {
  [RESULT_MAJOR.Success]: { title: "Done", detail: "The archive carried out the request." },
  [RESULT_MAJOR.RequesterError]: {
    title: "The request was refused",
    detail: "The archive found a problem with what was sent.",
  },
  [RESULT_MAJOR.ResponderError]: {
    title: "The archive could not do this",
    detail: "The archive failed to carry out the request because of a problem on its side.",
  },
  [RESULT_MAJOR.InsufficientInformation]: {
    title: "More information is needed",
    detail: "The archive needs more information before it can carry out the request.",
  },
  [RESULT_MAJOR.Pending]: {
    title: "In progress",
    detail: "The archive accepted the request and is still working on it.",
  },
};

// What each minor code means, in a sentence a person understands.
export const MINOR_TEXT: Record<ResultMinor, string> = {
  [RESULT_MINOR.noPermission]: "You do not have permission to do this in the archive.",
  [RESULT_MINOR.internalError]: "The archive ran into an internal error.",
  [RESULT_MINOR.parameterError]: "A value in the request is missing or not valid.",
  [RESULT_MINOR.notSupported]: "The archive does not support this operation or option.",
  [RESULT_MINOR.transferError]: "The data could not be transferred completely.",
  [RESULT_MINOR.noSpaceError]: "The archive has run out of storage space.",
  [RESULT_MINOR.unknownPOFormat]: "The archive does not know the format of the object.",
  [RESULT_MINOR.POFormatError]: "The object does not match the format it was declared as.",
  [RESULT_MINOR.externalServiceUnavailable]:
    "A service the archive depends on is not available at the moment; try again later.",
  [RESULT_MINOR.unknownEvidenceFormat]: "The archive does not know the requested evidence format.",
  [RESULT_MINOR.unknownPOID]: "There is no preserved object with this ID, or you may not see it.",
  [RESULT_MINOR.unknownVersionID]: "The object has no version with this ID.",
  [RESULT_MINOR.unknownMode]: "The archive does not know the requested mode.",
  [RESULT_MINOR.unknownDeltaPOCType]: "The archive does not know the kind of update that was sent.",
  [RESULT_MINOR.DeltaPOCInternalProblem]: "The update could not be applied to the stored object.",
  [RESULT_MINOR.lowSpace]: "The archive is running low on storage space.",
  [RESULT_MINOR.requestOnlyPartlySuccessful]: "Only part of the request succeeded.",
};

type LangText = { value?: string; lang?: string };
// `result.msg` as the spec (a string) or ETSI (`{ value, lang }`, sometimes a list of them) writes it.
export type ResultMessageInput = string | LangText | readonly LangText[] | null | undefined;

// The text of a message in the wanted language, else English, else the first one; null when empty.
export function resultMessage(msg: ResultMessageInput, lang?: string): string | null {
  if (msg == null) return null;
  if (typeof msg === "string") return msg.trim() || null;
  const texts = (Array.isArray(msg) ? msg : [msg]) as readonly LangText[];
  const usable = texts.filter((t) => typeof t.value === "string" && t.value.trim() !== "");
  const base = (l: string | undefined) => l?.toLowerCase().split("-")[0];
  const chosen =
    (lang ? usable.find((t) => t.lang?.toLowerCase() === lang.toLowerCase()) : undefined) ??
    (lang ? usable.find((t) => base(t.lang) === base(lang)) : undefined) ??
    usable.find((t) => base(t.lang) === "en") ??
    usable[0];
  return chosen?.value?.trim() ?? null;
}

// The part of a result this module reads; unknown codes are allowed so that any upstream can be described.
export interface ResultLike {
  maj: string;
  min?: string;
  msg?: ResultMessageInput;
  pRef?: string;
}

// Whether the archive did what was asked (a warning minor code may still say how well).
export function isSuccess(result: Pick<ResultLike, "maj">): boolean {
  return result.maj === RESULT_MAJOR.Success;
}

// Whether the archive is still working on the request.
export function isPending(result: Pick<ResultLike, "maj">): boolean {
  return result.maj === RESULT_MAJOR.Pending;
}

// The last path segment of a code URI or URN: a readable name for codes we have no sentence for.
function codeName(code: string): string {
  return code.split(/[/:#]/).filter(Boolean).at(-1) ?? code;
}

export interface ResultDescription {
  ok: boolean;
  pending: boolean;
  title: string;
  detail: string;
}

// A heading and explanation for a result; a code we do not know is named, never shown bare.
export function describeResult(result: ResultLike, lang?: string): ResultDescription {
  const major = MAJOR_TEXT[result.maj as ResultMajor];
  const title = major?.title ?? "The archive gave an unexpected answer";
  const parts: string[] = [];
  const minorText = result.min ? MINOR_TEXT[result.min as ResultMinor] : undefined;
  if (minorText) parts.push(minorText);
  else if (result.min)
    parts.push(`The archive reported "${codeName(result.min)}" (code ${result.min}).`);
  const message = resultMessage(result.msg, lang);
  if (message && !parts.includes(message)) parts.push(message);
  if (parts.length === 0) {
    parts.push(
      major?.detail ??
        `The archive answered with the result code "${codeName(result.maj)}" (${result.maj}).`,
    );
  }
  if (result.pRef) parts.push(`More information: ${result.pRef}`);
  return { ok: isSuccess(result), pending: isPending(result), title, detail: parts.join(" ") };
}
