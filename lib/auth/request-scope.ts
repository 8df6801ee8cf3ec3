import "server-only";
// Carries the session row that next-auth's jwt callback looked up back to getCurrentSession(),
// so a request reads its session once and the browser-visible payload never needs the id.
import { AsyncLocalStorage } from "node:async_hooks";
import type { CheckedSession } from "./session-store";

export interface SessionLookup {
  checked?: CheckedSession;
  // A session cookie came in but its session had ended or lapsed.
  refused?: boolean;
}

// On globalThis: the routes of one `next start` may each load their own copy of this module.
const holder = globalThis as typeof globalThis & {
  __scriptoriumSessionLookup?: AsyncLocalStorage<SessionLookup>;
};

// The storage shared by the next-auth callbacks and getCurrentSession().
export function sessionLookupStorage(): AsyncLocalStorage<SessionLookup> {
  holder.__scriptoriumSessionLookup ??= new AsyncLocalStorage<SessionLookup>();
  return holder.__scriptoriumSessionLookup;
}
