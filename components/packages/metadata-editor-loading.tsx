// The editor's place while its modules load: one line, so the page does not jump twice.
export function EditorLoading() {
  return (
    <p role="status" className="text-ink-muted text-sm">
      Loading the forms…
    </p>
  );
}
