// What a list shows beside an object's id: its title and state in the catalogue (browser-safe).
import type { CatalogueState } from "@/lib/db/catalogue-schema";

export interface ObjectLabel {
  title: string | null;
  state: CatalogueState;
}

// Whether `id` could name an object the catalogue holds: the archive's ids are package ids (at most
// 255 characters) and the UUIDs it gives preservation objects. Lists ask for titles with this, so
// a target the audit log kept from a malformed request is never sent as an object id.
export const OBJECT_ID_MAX_LENGTH = 300;
export function couldBeObjectId(id: string): boolean {
  return id.length > 0 && id.length <= OBJECT_ID_MAX_LENGTH;
}
