// The process-level backstop of `npm run archive`: an error that escapes every request and job
// handler is logged and the archive keeps serving. Each handler answers its own failures
// (http/guard.ts); this is for the one nobody foresaw, which would otherwise end the process
// and take every other caller's request with it.
export function keepServingOnEscapedErrors(
  target: Pick<NodeJS.Process, "on"> = process,
  log: (message: string, error: unknown) => void = console.error,
): void {
  target.on("uncaughtException", (error) =>
    log("an error escaped its handler; still serving:", error),
  );
  target.on("unhandledRejection", (reason) =>
    log("a rejected promise was not handled; still serving:", reason),
  );
}
