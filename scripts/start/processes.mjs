// Child processes with prefixed, coloured output, stopped together.
import { spawn } from "node:child_process";
import readline from "node:readline";

const useColour = process.stdout.isTTY && !process.env.NO_COLOR;
const COLOURS = { archive: 35, dashboard: 36, build: 33, start: 32 };

// "[archive] " in the name's colour (plain when output is not a terminal).
export function prefix(name) {
  const tag = `[${name}]`;
  return useColour ? `\x1b[${COLOURS[name] ?? 37}m${tag}\x1b[0m ` : `${tag} `;
}

// A line from the start script itself.
export function say(message) {
  console.log(`${prefix("start")}${message}`);
}

function pipeLines(stream, name, out) {
  const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
  lines.on("line", (line) => out.write(`${prefix(name)}${line}\n`));
}

// Starts `command args` with its output prefixed by `name`; resolves `exited` with its exit.
export function run(name, command, args, env) {
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  pipeLines(child.stdout, name, process.stdout);
  pipeLines(child.stderr, name, process.stderr);
  let done = false;
  const exited = new Promise((resolve) => {
    child.once("error", (error) => {
      done = true;
      resolve({ code: 1, signal: null, error });
    });
    child.once("exit", (code, signal) => {
      done = true;
      resolve({ code, signal });
    });
  });
  return {
    name,
    pid: child.pid,
    exited,
    hasExited: () => done,
    // SIGTERM, then SIGKILL if it is still there after `graceMs`.
    async stop(graceMs = 10_000) {
      if (done) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

// Runs a command to completion with prefixed output; rejects on a non-zero exit.
export async function runToEnd(name, command, args, env) {
  const child = run(name, command, args, env);
  const { code, signal, error } = await child.exited;
  if (code !== 0) {
    throw new Error(error ? error.message : `${name} failed (${signal ?? `exit code ${code}`}).`);
  }
}

// How a child ended, in words.
export function describeExit({ code, signal, error }) {
  if (error) return `could not start (${error.message})`;
  if (signal) return `was stopped by ${signal}`;
  return code === 0 ? "exited" : `exited with code ${code}`;
}
