"use client";
// Reads the draft's large files ahead of their upload (lib/upload/read-ahead.ts) and follows each
// reading, for the file list to show. The reader loads only once a file large enough is chosen.
import { useEffect, useRef, useState } from "react";
import type { DraftDocument } from "@/lib/drafts/draft";
import { MULTIPART_FROM_BYTES } from "@/lib/upload/multipart-threshold";
import type { ReadAheadState } from "@/lib/upload/read-ahead";

const NONE: ReadonlyMap<string, ReadAheadState> = new Map();

// The reading of each large file of `documents` not uploaded yet, by document id.
export function useReadAhead(
  documents: readonly DraftDocument[],
): ReadonlyMap<string, ReadAheadState> {
  const [states, setStates] = useState(NONE);
  // The files read for the last documents: those no longer there stop.
  const reading = useRef(new Set<Blob>());

  useEffect(() => {
    const large = documents.flatMap((d) =>
      d.kind === "file" && d.file && !d.upload && d.file.size >= MULTIPART_FROM_BYTES
        ? [{ id: d.id, file: d.file }]
        : [],
    );
    const wanted = new Set<Blob>(large.map((d) => d.file));
    const gone = [...reading.current].filter((file) => !wanted.has(file));
    reading.current = wanted;
    if (large.length === 0 && gone.length === 0) {
      setStates(NONE);
      return;
    }
    let active = true;
    const unwatch: (() => void)[] = [];
    void import("@/lib/upload/read-ahead").then((reader) => {
      if (!active) return;
      for (const file of gone) reader.stopReadAhead(file);
      const refresh = () => {
        if (!active) return;
        const next = new Map<string, ReadAheadState>();
        for (const { id, file } of large) {
          const state = reader.readAheadState(file);
          if (state) next.set(id, state);
        }
        setStates(next);
      };
      for (const { file } of large) {
        reader.readAhead(file);
        unwatch.push(reader.watchReadAhead(file, refresh));
      }
      refresh();
    });
    return () => {
      active = false;
      for (const stop of unwatch) stop();
    };
  }, [documents]);

  // Leaving the wizard stops its readings: a draft opened again reads its files anew.
  useEffect(
    () => () => {
      const files = [...reading.current];
      reading.current = new Set();
      if (files.length === 0) return;
      void import("@/lib/upload/read-ahead").then((reader) => {
        for (const file of files) reader.stopReadAhead(file);
      });
    },
    [],
  );

  return states;
}
