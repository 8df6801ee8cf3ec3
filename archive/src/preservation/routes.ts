// POST /preservation/<Operation>: one wrapper reads the body, authenticates, validates the request
// against the shared contract and answers the ETSI envelope.
//
// HTTP status: every outcome of an operation is HTTP 200 with the error in `result`, as ETSI
// defines. Only access refusals change the status, so that HTTP clients can renew tokens without
// reading bodies: 401 without a valid token, 403 for a tenant or role the caller lacks; their body
// is the same ETSI envelope with result.min noPermission. Unknown operations answer 404, bodies over
// the limit 413, both with the envelope too.
import { randomUUID } from "node:crypto";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { INGEST_LIMITS } from "@scriptorium/contract/ingest/schemas";
import {
  EXTENSION_OPERATIONS,
  isExtensionOperation,
  type ExtensionOperation,
} from "@scriptorium/contract/preservation/extensions";
import {
  DELETION_MODES,
  isPreservationOperation,
  PRESERVATION_OPERATIONS,
  type PreservationOperation,
} from "@scriptorium/contract/preservation/schemas";
import { unstorableTextProblem } from "@scriptorium/contract/storable-text";
import { describeZodError } from "@scriptorium/contract/zod-error";
import type { Caller } from "../http/context";
import { IngestError } from "../http/errors";
import type { Operation, PreservationServices } from "./context";
import { PreservationError, requesterError } from "./errors";
import { errorResult, respond, successResult } from "./result";
import { certificatesPem } from "./tsa-key";

// ETSI's eight operations and the archive's extensions (documented in archive/README.md).
export type Operations = { [Op in PreservationOperation]: Operation<never> } & {
  [Op in ExtensionOperation]?: Operation<never>;
};

const SCHEMAS = { ...PRESERVATION_OPERATIONS, ...EXTENSION_OPERATIONS };
const isOperation = (name: string): name is PreservationOperation | ExtensionOperation =>
  isPreservationOperation(name) || isExtensionOperation(name);

// Fields ETSI's JSON Schema requires of an operation's response even when it failed.
const REQUIRED_ON_ERROR: Partial<Record<string, Record<string, unknown>>> = {
  RetrieveTrace: { trace: {} },
};

// The routes mounted at /preservation.
export function createPreservationRoutes(options: {
  services: PreservationServices;
  authenticate: (headers: Headers) => Promise<Caller>;
  operations: Operations;
}): Hono {
  const app = new Hono();
  const refuse = (c: Context, error: PreservationError, reqId?: string) => {
    if (error.httpStatus === 401)
      c.header("WWW-Authenticate", `Bearer realm="archive", error="invalid_token"`);
    const required = REQUIRED_ON_ERROR[c.req.param("operation") ?? ""];
    return c.json(
      respond(errorResult(error.major, error.minor, error.message), required, { reqId }),
      error.httpStatus,
    );
  };

  // The time-stamp authority's certificate chain, public: an auditor verifies every time-stamp of
  // every evidence record against it (`openssl ts -verify -CAfile`), without a token.
  app.get("/tsa/certificates", (c) => {
    c.header("Content-Type", "application/pem-certificate-chain");
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(certificatesPem(options.services.tsa.tsa.certificates));
  });

  app.post(
    "/:operation",
    bodyLimit({
      maxSize: INGEST_LIMITS.inlineBodyBytes,
      onError: (c) =>
        refuse(
          c,
          new PreservationError(
            "RequesterError",
            "parameterError",
            `The request body exceeds ${INGEST_LIMITS.inlineBodyBytes / 1024 / 1024} MB: ingest large files through the ingest API's upload URL instead.`,
            413,
          ),
        ),
    }),
    async (c) => {
      const name = c.req.param("operation");
      let json: unknown;
      try {
        json = JSON.parse(await c.req.text());
      } catch {
        json = undefined;
      }
      const reqId = readReqId(json);
      if (!isOperation(name) || !options.operations[name]) {
        const names = Object.keys(SCHEMAS)
          .filter((op) => options.operations[op as keyof Operations])
          .join(", ");
        return refuse(
          c,
          new PreservationError(
            "RequesterError",
            "notSupported",
            `There is no operation "${name}"; the archive offers ${names}.`,
            404,
          ),
          reqId,
        );
      }
      try {
        const caller = await authenticateOrRefuse(options.authenticate, c.req.raw.headers);
        if (json === undefined)
          throw requesterError("parameterError", "The request body is not valid JSON.");
        const unstorable = unstorableTextProblem(json, "The request body");
        if (unstorable) throw requesterError("parameterError", unstorable);
        precheck(name, json);
        const parsed = SCHEMAS[name].request.safeParse(json);
        if (!parsed.success) throw requesterError("parameterError", describeZodError(parsed.error));
        const ctx = {
          services: options.services,
          caller,
          now: new Date(),
          reqId: reqId ?? randomUUID(),
        };
        const outcome = await (options.operations[name] as Operation<unknown>)(parsed.data, ctx);
        return c.json(
          respond(outcome.result ?? successResult(), outcome.body, {
            reqId: ctx.reqId,
            policy: outcome.policy,
          }),
        );
      } catch (error) {
        if (error instanceof PreservationError) return refuse(c, error, reqId);
        console.error(`preservation ${name} failed`, error);
        const failure = errorResult(
          "ResponderError",
          "internalError",
          "The archive failed to carry out the request.",
        );
        return c.json(respond(failure, REQUIRED_ON_ERROR[name], { reqId }));
      }
    },
  );
  app.all("/:operation", (c) =>
    c.json(
      respond(
        errorResult(
          "RequesterError",
          "notSupported",
          "Preservation operations take POST with a JSON body.",
        ),
        {},
      ),
      405,
    ),
  );
  return app;
}

async function authenticateOrRefuse(
  authenticate: (headers: Headers) => Promise<Caller>,
  headers: Headers,
): Promise<Caller> {
  try {
    return await authenticate(headers);
  } catch (error) {
    if (!(error instanceof IngestError)) throw error;
    const status = error.code === "NOT_AUTHORIZED" ? 401 : 403;
    throw new PreservationError("RequesterError", "noPermission", error.message, status);
  }
}

function readReqId(json: unknown): string | undefined {
  if (json === null || typeof json !== "object") return undefined;
  const reqId = (json as { reqId?: unknown }).reqId;
  return typeof reqId === "string" ? reqId : undefined;
}

// Values ETSI gives their own minor code are checked before the schema turns them into parameterError.
function precheck(name: PreservationOperation | ExtensionOperation, json: unknown) {
  if (name !== "DeletePO" || json === null || typeof json !== "object") return;
  const mod = (json as { mod?: unknown }).mod;
  if (typeof mod === "string" && !(DELETION_MODES as readonly string[]).includes(mod)) {
    throw requesterError(
      "unknownMode",
      `Deletion mode "${mod}" is unknown; use ${DELETION_MODES.join(" or ")}.`,
    );
  }
}
