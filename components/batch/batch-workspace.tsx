"use client";
// The batch page's client side: the batch under way, brought back from IndexedDB after a reload
// or a new sign-in, or the setup of a new one.
import { useEffect, useRef, useState } from "react";
import type { MetadataSchemaOption } from "@/lib/metadata/entry";
import type { ProfileOption } from "@/components/ingests/profile-field";
import { BatchProgress } from "./batch-progress";
import type { BatchRunner } from "./batch-runner";
import { BatchSetup } from "./batch-setup";
import { forgetBatch, loadBatch, type StoredBatch, type StoredBatchData } from "./batch-storage";
import { restoredItems } from "@/lib/batch/queue";

type Stage =
  | { kind: "loading" }
  | { kind: "setup" }
  // The runner's script did not arrive; the batch is stored, so a reload carries on with it.
  | { kind: "unavailable" }
  | { kind: "running"; batch: StoredBatch; runner: BatchRunner };

export interface BatchWorkspaceProps {
  userId: string;
  profiles: readonly ProfileOption[];
  schemas: readonly MetadataSchemaOption[];
}

export function BatchWorkspace({ userId, profiles, schemas }: BatchWorkspaceProps) {
  const [stage, setStage] = useState<Stage>({ kind: "loading" });

  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // The runner (uploads, the queue, the status reads) loads when a batch starts or comes back.
  const run = async (batch: StoredBatch, data: StoredBatchData) => {
    let startBatchRunner;
    try {
      ({ startBatchRunner } = await import("./batch-runner"));
    } catch {
      if (mounted.current) setStage({ kind: "unavailable" });
      return;
    }
    if (!mounted.current) return;
    setStage({ kind: "running", batch, runner: startBatchRunner(userId, batch, data) });
  };

  useEffect(() => {
    let live = true;
    loadBatch(userId).then(
      (stored) => {
        if (!live) return;
        if (!stored) return setStage({ kind: "setup" });
        const { mode, items } = stored.batch.queue;
        // Loaded again means signed in and online: a queue paused for either goes on.
        const resumed =
          mode.kind === "paused" && mode.reason !== "person" ? { kind: "running" as const } : mode;
        void run(
          { ...stored.batch, queue: { mode: resumed, items: restoredItems(items) } },
          stored.data,
        );
      },
      () => live && setStage({ kind: "setup" }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);

  useEffect(() => {
    if (stage.kind !== "running") return;
    return () => stage.runner.stop();
  }, [stage]);

  if (stage.kind === "loading") return <p className="text-ink-muted text-sm">Loading…</p>;
  if (stage.kind === "unavailable") {
    return (
      <p role="alert" className="text-danger text-sm font-medium">
        The batch could not be started: part of the page did not load. Reload the page to carry on
        with it.
      </p>
    );
  }
  if (stage.kind === "setup") {
    return (
      <BatchSetup
        userId={userId}
        profiles={profiles}
        schemas={schemas}
        onStarted={(batch, data) => void run(batch, data)}
      />
    );
  }
  return (
    <BatchProgress
      key={stage.batch.id}
      batch={stage.batch}
      queue={stage.runner.queue}
      onClear={() => {
        stage.runner.stop();
        void forgetBatch(userId, stage.batch.id);
        setStage({ kind: "setup" });
      }}
    />
  );
}
