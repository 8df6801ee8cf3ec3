// Turns a zod error into words for people: one sentence for a toast, per-field lists for a form.
import type { z } from "zod";

type Issue = z.core.$ZodIssue;
type PathKey = PropertyKey;

// "documents[0].name": how a person reads a path into a request body.
function displayPath(path: readonly PathKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out.length === 0 ? String(key) : `.${String(key)}`;
  }
  return out;
}

// "documents.0.name": the key form libraries use for form fields; "" for the whole object.
function fieldKey(path: readonly PathKey[]): string {
  return path.map(String).join(".");
}

// zod's built-in messages ("Invalid input: expected string, received undefined") say little to a
// person; our schemas name the field themselves, so those are reworded only when they leak through.
function plainMessage(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.message.endsWith("received undefined")) return "is required";
      return issue.message.startsWith("Invalid input")
        ? `must be ${issue.expected}`
        : issue.message;
    case "unrecognized_keys":
      return issue.keys.length === 1
        ? `has an unknown field "${issue.keys[0]}"`
        : `has unknown fields ${issue.keys.map((k) => `"${k}"`).join(", ")}`;
    case "invalid_union":
      if (issue.message === "Invalid input") {
        // The branch with the fewest problems is the one the caller most likely meant.
        const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0]?.[0];
        if (closest)
          return sentenceFor({ ...closest, path: [...issue.path, ...closest.path] } as Issue);
        return "does not match any allowed form";
      }
      return issue.message;
    default:
      return issue.message;
  }
}

function sentenceFor(issue: Issue): string {
  const message = plainMessage(issue);
  const path = issue.path;
  if (path.length === 0)
    return /^(is|has|must|may) /.test(message) ? `the input ${message}` : message;
  const shown = displayPath(path);
  const last = path[path.length - 1];
  // Our messages start with the field's own name ("name must be …"): widen it to the full path.
  if (typeof last === "string" && message.startsWith(`${last} `)) {
    return `${shown}${message.slice(last.length)}`;
  }
  if (message.startsWith(shown)) return message;
  if (/^(is|has|must|may) /.test(message)) return `${shown} ${message}`;
  return `${shown}: ${message}`;
}

// One sentence naming the field path and the rule of the first problem, e.g.
// "document.name must be at least 3 characters long".
export function describeZodError(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return "The input is not valid.";
  return sentenceFor(first);
}

// Every problem, grouped by field ("documents.0.name"; "" for the object as a whole), for forms.
export function zodFieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = fieldKey(issue.path);
    (out[key] ??= []).push(sentenceFor(issue));
  }
  return out;
}
