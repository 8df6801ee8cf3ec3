// One SIP of the demo, idempotently: if the archive already has the submission, its journal row
// is filled in when missing; otherwise it is submitted, journaled and audited as the dashboard's
// routes would, and followed to its final status.
import { createHash } from "node:crypto";
import { unzipSync, zipSync } from "fflate";
import { createBag } from "@scriptorium/archive/testing";
import { toApiError } from "@/lib/api/errors";
import type { SubmissionJournal } from "@/lib/api/journal";
import type { DashboardDb } from "@/lib/db";
import { submissions } from "@/lib/db/schema";
import type { IngestClient } from "@/lib/ingest/client";
import {
  isTerminalSipStatus,
  type IngestResponse,
  type MetadataObject,
} from "@scriptorium/contract/ingest/schemas";
import { pluginOutcomeOf } from "@/lib/ingest/watch/plugin-reports";
import { recordAudit } from "@/lib/journal/audit";
import { base64 } from "./files";
import type { DemoUser } from "./upstream";
import type { Actor, DemoSip, MetadataSpec } from "./types";

export interface SipContext {
  db: DashboardDb;
  journal: SubmissionJournal;
  ingest: IngestClient;
  token(actor: Actor): Promise<string>;
  users: Record<Actor, DemoUser>;
  // Whether the package was deleted earlier (its trace outlives it): then it is not sent again.
  wasDeleted(tenant: string, packageId: string, actor: Actor): Promise<boolean>;
}

export interface SipOutcome {
  step: DemoSip;
  action: "submitted" | "present" | "skipped";
  status: string | null;
  outcome: string | null;
  ok: boolean;
  note?: string;
}

const STATUS_TIMEOUT_MS = 180_000;

type Call = { token: string; tenant: string };

function toMetadataObject(spec: MetadataSpec): MetadataObject {
  if ("metadata" in spec) return { schema: spec.schema, metadata: spec.metadata };
  return {
    schema: spec.schema,
    file: { type: "BINARY", name: spec.file.name, content: base64(spec.file.bytes) },
  };
}

// Uploads a file to an upload URL (GET /url, then PUT with its checksum) and names its key.
async function uploaded(ctx: SipContext, call: Call, name: string, bytes: Uint8Array) {
  const target = await ctx.ingest.uploadUrl(call);
  const response = await fetch(target.url, {
    method: "PUT",
    headers: { "x-checksum-sha256": createHash("sha256").update(bytes).digest("hex") },
    body: new Uint8Array(bytes).buffer,
  });
  if (!response.ok) throw new Error(`The upload of ${name} was refused (HTTP ${response.status}).`);
  return { type: "S3" as const, name, content: target.key };
}

async function metadataObjects(
  ctx: SipContext,
  call: Call,
  specs: readonly MetadataSpec[],
): Promise<MetadataObject[]> {
  return Promise.all(
    specs.map(async (spec) =>
      "file" in spec && spec.upload
        ? { schema: spec.schema, file: await uploaded(ctx, call, spec.file.name, spec.file.bytes) }
        : toMetadataObject(spec),
    ),
  );
}

// The bag's zip; `damage` flips bytes of one payload file after the manifests were written.
function bagZip(step: Extract<DemoSip, { kind: "bag" }>): Uint8Array {
  const zip = createBag(step.files, {
    profile: step.profile,
    packageId: step.packageId,
    metadatas: step.metadatas.map(toMetadataObject),
  });
  if (!step.damage) return zip;
  const entries = unzipSync(zip);
  const target = entries[step.damage];
  if (!target) throw new Error(`The demo bag has no ${step.damage} to damage.`);
  const damaged = target.slice();
  for (let i = 16; i < damaged.length; i += 97) damaged[i] = (damaged[i] as number) ^ 0xff;
  return zipSync({ ...entries, [step.damage]: damaged });
}

async function submit(ctx: SipContext, step: DemoSip, call: Call) {
  switch (step.kind) {
    case "document":
      return ctx.ingest.ingestDocument(call, {
        profile: step.profile,
        packageId: step.packageId,
        documents: step.documents.map((d) => ({
          type: "BINARY",
          name: d.name,
          content: base64(d.bytes),
          ...(d.metadatas ? { metadatas: d.metadatas.map(toMetadataObject) } : {}),
        })),
        metadatas: await metadataObjects(ctx, call, step.metadatas),
      });
    case "update":
      return ctx.ingest.updateDocument(call, step.packageId, {
        metadatas: await metadataObjects(ctx, call, step.metadatas),
      });
    case "bag":
      return ctx.ingest.ingestSip(call, {
        type: "BINARY",
        name: `${step.packageId}.zip`,
        content: base64(bagZip(step)),
      });
  }
}

const AUDIT_ACTION = {
  document: "ingest.document",
  update: "ingest.update-metadata",
  bag: "ingest.sip",
} as const;

// Polls the SIP until INGESTED or FAILED, as the dashboard's status hub would.
async function followToEnd(ctx: SipContext, step: DemoSip): Promise<IngestResponse> {
  const deadline = Date.now() + STATUS_TIMEOUT_MS;
  for (;;) {
    const call = {
      token: await ctx.token(step.actor),
      tenant: step.tenant,
      enrichers: ["pluginreports" as const],
    };
    const { body } = await ctx.ingest.sipStatus(call, step.packageId, step.submission);
    if (body.status && isTerminalSipStatus(body.status)) return body;
    if (Date.now() > deadline)
      throw new Error(
        `${step.packageId}/${step.submission} is still ${body.status ?? "without status"} after ${STATUS_TIMEOUT_MS / 1000} s.`,
      );
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function judged(
  step: DemoSip,
  action: SipOutcome["action"],
  body: IngestResponse,
  note?: string,
): SipOutcome {
  const status = body.status ?? null;
  const outcome = pluginOutcomeOf(body.pluginReports);
  const ok =
    status === step.expect.status &&
    (step.expect.outcome
      ? outcome === step.expect.outcome
      : outcome !== "FAILURE" && outcome !== "WARNING");
  return { step, action, status, outcome, ok, ...(note ? { note } : {}) };
}

// Makes sure the archive and the journal both hold this SIP; answers what was found or done.
export async function ensureSip(ctx: SipContext, step: DemoSip): Promise<SipOutcome> {
  const user = ctx.users[step.actor];
  const profile = step.profile;
  const call = { token: await ctx.token(step.actor), tenant: step.tenant };
  let existing: IngestResponse | null = null;
  try {
    existing = (
      await ctx.ingest.sipStatus(
        { ...call, enrichers: ["pluginreports"] },
        step.packageId,
        step.submission,
      )
    ).body;
  } catch (error) {
    if (toApiError(error).code !== "NOT_FOUND") throw error;
  }

  if (existing) {
    const body =
      existing.status && isTerminalSipStatus(existing.status)
        ? existing
        : await followToEnd(ctx, step);
    // A journal row only where none is: the archive's submission date, no observed finish time.
    const inserted = await ctx.db
      .insert(submissions)
      .values({
        tenant: step.tenant,
        packageId: step.packageId,
        submissionName: step.submission,
        profile,
        userId: user.id,
        userName: user.name,
        ...(body.submissionDate ? { submittedAt: new Date(body.submissionDate) } : {}),
        lastStatus: body.status ?? null,
        pluginOutcome: body.pluginReports ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: submissions.id });
    return judged(step, "present", body, inserted.length > 0 ? "journal row added" : undefined);
  }

  if (
    step.submission === "sip-1" &&
    (await ctx.wasDeleted(step.tenant, step.packageId, step.actor))
  ) {
    return {
      step,
      action: "skipped",
      status: null,
      outcome: null,
      ok: true,
      note: "deleted earlier; its trace remains",
    };
  }

  const { body: accepted } = await submit(ctx, step, call);
  const name = accepted.name ?? step.submission;
  await ctx.journal.recordSubmission({
    tenant: step.tenant,
    packageId: accepted.packageId,
    submissionName: name,
    profile,
    user,
    status: accepted.status ?? null,
  });
  await recordAudit(
    {
      actor: user,
      action: AUDIT_ACTION[step.kind],
      target: accepted.packageId,
      outcome: "success",
      tenant: step.tenant,
      detail: { submissionName: name, status: accepted.status, via: "npm run demo" },
    },
    ctx.db,
  );
  if (name !== step.submission) {
    return {
      step,
      action: "submitted",
      status: accepted.status ?? null,
      outcome: null,
      ok: false,
      note: `the archive named it ${name}, not ${step.submission}`,
    };
  }
  const done = await followToEnd(ctx, step);
  await ctx.journal.recordStatus(
    { tenant: step.tenant, packageId: step.packageId, submissionName: name },
    done.status ?? "",
    done.pluginReports,
  );
  return judged(step, "submitted", done);
}
