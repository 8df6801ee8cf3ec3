// The packageId rule's sentence, worded for the "Package ID" field rather than the API field.
import { packageIdProblem } from "@scriptorium/contract/ingest/package-id";

// What is wrong with the typed package ID, or null; empty is fine (the archive generates one).
export function packageIdMessage(value: string): string | null {
  if (value === "") return null;
  const problem = packageIdProblem(value);
  return problem ? `The package ID ${problem.replace(/^packageId /, "")}.` : null;
}
