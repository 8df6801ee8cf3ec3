// npm run bench:archive – measures the embedded archive's upload path and ingest pipeline:
//   1. a 1 GiB PUT to an upload URL against a plain local copy (stream + fsync) of the same bytes,
//   2. the archive's peak RSS during that upload (child process, /proc/<pid>/status VmHWM after
//      resetting it through /proc/<pid>/clear_refs, so start-up does not count),
//   3. small-document ingests per second, end to end (accepted to INGESTED).
//      First BENCH_DOCS (200) right after the upload, in an archive process that has not ingested
//      yet (its code not compiled by V8 yet, its database's pages not read), then BENCH_WARM_DOCS
//      (1,000) more: the rate of an archive that has been running, as a serving one has.
// Prints a markdown table. Settings: BENCH_BYTES (1 GiB), BENCH_DOCS, BENCH_WARM_DOCS (0: none),
// BENCH_PORT (4295).
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, open, readFile, rm, stat, writeFile } from "node:fs/promises";
import { request } from "node:http";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { childToken, startChildArchive } from "@scriptorium/archive/testing";

const BYTES = Number(process.env.BENCH_BYTES ?? 1024 ** 3);
const DOCS = Number(process.env.BENCH_DOCS ?? 200);
const WARM_DOCS = Number(process.env.BENCH_WARM_DOCS ?? 1000);
const PORT = Number(process.env.BENCH_PORT ?? 4295);
const CONCURRENCY = 8;

const seconds = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e9;
const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MiB`;

async function memoryOf(pid: number): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) =>
    Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
}

// CPU time the process has used so far (all its threads, user + system), in seconds: less
// sensitive than the rate to other work on a shared machine.
async function cpuSecondsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function makeSource(file: string): Promise<string> {
  const block = randomBytes(1024 * 1024);
  const hash = createHash("sha256");
  const handle = await open(file, "w");
  for (let written = 0; written < BYTES; written += block.length) {
    const part = block.subarray(0, Math.min(block.length, BYTES - written));
    await handle.write(part);
    hash.update(part);
  }
  await handle.close();
  return hash.digest("hex");
}

async function plainCopy(from: string, to: string): Promise<number> {
  const started = process.hrtime.bigint();
  await pipeline(
    createReadStream(from, { highWaterMark: 1 << 20 }),
    createWriteStream(to, { highWaterMark: 1 << 20 }),
  );
  const handle = await open(to, "r");
  await handle.sync();
  await handle.close();
  return seconds(started);
}

function put(url: string, file: string, checksum: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: "PUT",
      headers: { "Content-Length": String(BYTES), "x-checksum-sha256": checksum },
    });
    req.on("response", (res) => {
      res.resume();
      res.on("end", () =>
        res.statusCode === 200
          ? resolve(res.statusCode)
          : reject(new Error(`PUT answered ${res.statusCode}`)),
      );
    });
    req.on("error", reject);
    createReadStream(file, { highWaterMark: 1 << 20 }).pipe(req);
  });
}

async function api(base: string, token: string, method: string, route: string, body?: unknown) {
  const response = await fetch(`${base}/ingest${route}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Record<string, string>;
}

// `count` small documents (numbered from `from`), CONCURRENCY at a time, each followed to INGESTED.
async function ingestRate(
  base: string,
  token: string,
  from: number,
  count: number,
): Promise<{ seconds: number; rate: number }> {
  const started = process.hrtime.bigint();
  const accepted: Record<string, string>[] = [];
  let next = from;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < from + count) {
        const i = next++;
        accepted.push(
          await api(base, token, "PUT", "/document", {
            profile: "default",
            document: {
              type: "BINARY",
              name: `note-${i}.txt`,
              content: Buffer.from(`bench note ${i}\n`).toString("base64"),
            },
            metadatas: [
              {
                schema: "http://purl.org/dc/elements/1.1/",
                metadata: { title: `Bench note ${i}` },
              },
            ],
          }),
        );
      }
    }),
  );
  for (const sip of accepted) {
    for (;;) {
      const status = (await api(base, token, "GET", `/sip/${sip.packageId}/${sip.name}`)).status;
      if (status === "INGESTED") break;
      if (status === "FAILED") throw new Error(`SIP ${sip.packageId} failed`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const elapsed = seconds(started);
  return { seconds: elapsed, rate: count / elapsed };
}

const dir = await mkdtemp("/tmp/ingest-bench-");
try {
  const source = path.join(dir, "source.bin");
  const checksum = await makeSource(source);
  const copySeconds = await plainCopy(source, path.join(dir, "copy.bin"));
  await rm(path.join(dir, "copy.bin"));

  const archive = await startChildArchive({ port: PORT, dataDir: path.join(dir, "archive") });
  try {
    const token = await childToken(archive.url);
    const upload = await api(archive.url, token, "GET", "/url");
    const idle = await memoryOf(archive.pid);
    // Writing 5 resets VmHWM to the current RSS (Linux 4.0+), so the peak is the upload's.
    await writeFile(`/proc/${archive.pid}/clear_refs`, "5").catch(() => {});
    const started = process.hrtime.bigint();
    let sampled = idle.rss;
    const sampler = setInterval(() => {
      void memoryOf(archive.pid).then(
        (m) => (sampled = Math.max(sampled, m.rss)),
        () => {},
      );
    }, 50);
    await put(upload.url ?? "", source, checksum);
    const putSeconds = seconds(started);
    clearInterval(sampler);
    const after = await memoryOf(archive.pid);
    const stored = await stat(
      path.join(dir, "archive", "blobs", "sha256", checksum.slice(0, 2), checksum),
    );
    if (stored.size !== BYTES) throw new Error("The uploaded object has the wrong size.");

    // The archive's CPU time for `count` documents beside their rate.
    const measured = async (from: number, count: number) => {
      const cpuBefore = await cpuSecondsOf(archive.pid).catch(() => NaN);
      const rate = await ingestRate(archive.url, token, from, count);
      const cpu = (await cpuSecondsOf(archive.pid).catch(() => NaN)) - cpuBefore;
      return { ...rate, cpu, count };
    };
    const ingests = [
      {
        label: `small-document ingests, the first ${DOCS} accepted → INGESTED`,
        ...(await measured(0, DOCS)),
      },
    ];
    if (WARM_DOCS > 0) {
      ingests.push({
        label: `small-document ingests, ${WARM_DOCS} more right after`,
        ...(await measured(DOCS, WARM_DOCS)),
      });
    }
    const rows = [
      [
        "plain local copy (stream + fsync)",
        `${mib(BYTES)} in ${copySeconds.toFixed(2)} s`,
        `${mib(BYTES / copySeconds)}/s`,
      ],
      [
        "PUT to upload URL (hash + fsync + rename)",
        `${mib(BYTES)} in ${putSeconds.toFixed(2)} s`,
        `${mib(BYTES / putSeconds)}/s`,
      ],
      ["upload / copy time ratio", `${(putSeconds / copySeconds).toFixed(2)}×`, ""],
      ["archive RSS before the upload", mib(idle.rss), ""],
      [
        "archive peak RSS during the upload",
        `${mib(Math.max(after.hwm, sampled))} (VmHWM ${mib(after.hwm)}, sampled ${mib(sampled)})`,
        "",
      ],
      ...ingests.flatMap((ingest) => [
        [ingest.label, `${ingest.seconds.toFixed(2)} s`, `${ingest.rate.toFixed(1)} SIPs/s`],
        [
          "archive CPU time during those ingests",
          `${ingest.cpu.toFixed(2)} s`,
          `${((ingest.cpu / ingest.count) * 1000).toFixed(1)} ms/SIP`,
        ],
      ]),
    ];
    console.log("| measurement | value | rate |\n|---|---|---|");
    for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  } finally {
    await archive.kill("SIGTERM");
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
