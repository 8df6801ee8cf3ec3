import "server-only";
// Carries the session row that next-auth's jwt callback looked up back to getCurrentSession(),
// so a request reads its session once and the browser-visible payload never needs the id. The
// storage is the process's one (getSessionLookup in lib/server/container.ts).
import type { CheckedSession } from "./session-store";

export interface SessionLookup {
  checked?: CheckedSession;
  // A session cookie came in but its session had ended or lapsed.
  refused?: boolean;
}
