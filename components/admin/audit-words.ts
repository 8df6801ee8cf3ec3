// Audit actions and details in words, for the audit table.

const ACTIONS: Record<string, string> = {
  "object.preserve": "Preserved objects",
  "object.update": "Added a version",
  "object.delete": "Deleted an object",
  "evidence.renew": "Renewed evidence",
  "deletion.request": "Asked for a deletion",
  "deletion.approve": "Approved a deletion",
  "deletion.reject": "Rejected a deletion",
  "deletion.withdraw": "Withdrew a deletion request",
  "settings.update": "Changed a setting",
  "settings.approve": "Approved a setting change",
  "settings.reject": "Rejected a setting change",
  "ingest.document": "Ingested a package",
  "ingest.update": "Updated metadata",
  "ingest.sip": "Ingested a SIP",
  "ingest.review": "Reviewed a submission",
  "auth.sign-in": "Signed in",
  "auth.sign-out": "Signed out",
  "session.end": "Ended sessions",
};

// "Deleted an object" for object.delete; an unknown action as it is.
export function actionText(action: string): string {
  return ACTIONS[action] ?? action;
}

// An entry's detail as "key: value" pairs, values of nested objects as JSON.
export function detailPairs(detail: Record<string, unknown> | null): [string, string][] {
  if (!detail) return [];
  return Object.entries(detail).map(([key, value]) => [
    key,
    typeof value === "string" ? value : JSON.stringify(value),
  ]);
}
