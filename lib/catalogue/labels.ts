// What a list shows beside an object's id: its title and state in the catalogue (browser-safe).
import type { CatalogueState } from "@/lib/db/catalogue-schema";

export interface ObjectLabel {
  title: string | null;
  state: CatalogueState;
}
