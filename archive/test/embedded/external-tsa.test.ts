// An external RFC 3161 time-stamp authority (ARCHIVE_TSA_URL): OpenSSL's own TSA (`openssl ts
// -reply`) behind a small HTTP responder, with a CA and a TSA certificate made by openssl. Records
// it seals validate, OpenSSL verifies their token against the CA, the archive publishes the
// configured chain, and a responder that answers garbage or another nonce makes PreservePO fail
// without storing anything. Skipped when the suite targets another archive (ARCHIVE_BASE_URL).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { AsnConvert } from "@peculiar/asn1-schema";
import { TimeStampReq } from "@peculiar/asn1-tsp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ChildArchive,
  childToken,
  freePort,
  startChildArchive,
} from "../support/child-archive";
import { childArchivesRunHere } from "../support/target";

// Answers are read loosely: the test looks at whichever fields it asserts.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

const PROFILE = "urn:scriptorium:profile:general:1.0";
const b64 = (bytes: Buffer | string) => Buffer.from(bytes).toString("base64");
const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

let dir: string;
let child: ChildArchive | undefined;
let responder: Server | undefined;
let archivist: string;
// What the responder does with the next requests.
let mode: "openssl" | "garbage" | "wrong-nonce" = "openssl";

function openssl(args: string[], cwd = dir): string {
  const result = spawnSync("openssl", args, { cwd, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`openssl ${args.join(" ")}:\n${result.stderr}`);
  return `${result.stdout}${result.stderr}`;
}

// A CA and a TSA certificate it issues, marked for time-stamping only (RFC 3161 2.3).
function makeCertificates(): void {
  openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem",
    "-days", "3650", "-subj", "/O=Test/CN=Test TSA root",
    "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign"]); // prettier-ignore
  openssl(["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
    "-keyout", "tsa.key", "-out", "tsa.csr", "-subj", "/O=Test/CN=Test TSA"]); // prettier-ignore
  openssl(["x509", "-req", "-in", "tsa.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
    "-CAcreateserial", "-days", "3650", "-out", "tsa.pem", "-extfile", "tsa.ext"]); // prettier-ignore
}

const TSA_EXTENSIONS = `basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = critical, timeStamping
`;

const tsaConfig = (folder: string) => `[ tsa ]
default_tsa = tsa_config
[ tsa_config ]
dir = ${folder}
serial = $dir/tsa-serial
crypto_device = builtin
signer_cert = $dir/tsa.pem
certs = $dir/ca.pem
signer_key = $dir/tsa.key
signer_digest = sha256
default_policy = 1.2.3.4.1
digests = sha256
accuracy = secs:1
ordering = no
tsa_name = yes
ess_cert_id_chain = no
ess_cert_id_alg = sha256
`;

let replies = 0;
// `openssl ts -reply` for one query; with "wrong-nonce", for the same query with another nonce.
async function reply(query: Buffer): Promise<Buffer> {
  if (mode === "garbage") return Buffer.from("<html>Service temporarily unavailable</html>");
  let asked = query;
  if (mode === "wrong-nonce") {
    const request = AsnConvert.parse(query, TimeStampReq);
    request.nonce = new Uint8Array([0x12, 0x34, 0x56, 0x78]).buffer;
    asked = Buffer.from(AsnConvert.serialize(request));
  }
  const n = ++replies;
  await writeFile(path.join(dir, `query-${n}.tsq`), asked);
  openssl(["ts", "-reply", "-config", "tsa.cnf", "-queryfile", `query-${n}.tsq`,
    "-out", `reply-${n}.tsr`]); // prettier-ignore
  return readFile(path.join(dir, `reply-${n}.tsr`));
}

async function startResponder(): Promise<string> {
  responder = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.headers["content-type"] !== "application/timestamp-query") {
        res.writeHead(415).end();
        return;
      }
      reply(Buffer.concat(chunks)).then(
        (body) => res.writeHead(200, { "Content-Type": "application/timestamp-reply" }).end(body),
        () => res.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve) => responder!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(responder.address() as AddressInfo).port}/tsa`;
}

async function pres(op: string, body: Record<string, unknown>) {
  const response = await fetch(`${child!.url}/preservation/${op}`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${archivist}`,
      "Content-Type": "application/json",
      "X-Vendor-Repository": "demo",
    },
    body: JSON.stringify({ reqId: `t-${Date.now()}`, ...body }),
  });
  return (await response.json()) as Record<string, Loose>;
}

async function ok(op: string, body: Record<string, unknown>) {
  const json = await pres(op, body);
  expect(json.result?.maj, JSON.stringify(json.result)).toMatch(/resultmajor:Success$/i);
  return json;
}

// The bash block after the <!-- auditor-commands --> marker, pointed at the child archive.
async function auditorCommands(): Promise<string> {
  const text = await readFile(new URL("../../README.md", import.meta.url), "utf8");
  const block = /<!-- auditor-commands -->\s*```bash\n([\s\S]*?)```/.exec(text)?.[1];
  if (!block) throw new Error("archive/README.md has no auditor-commands block");
  return block.replaceAll("http://localhost:4000", child!.url);
}

describe.skipIf(!childArchivesRunHere())("an external RFC 3161 time-stamp authority", () => {
  beforeAll(async () => {
    dir = await mkdtemp("/tmp/external-tsa-");
    await writeFile(path.join(dir, "tsa.ext"), TSA_EXTENSIONS);
    await writeFile(path.join(dir, "tsa.cnf"), tsaConfig(dir));
    await writeFile(path.join(dir, "tsa-serial"), "01\n");
    makeCertificates();
    const chain = `${await readFile(path.join(dir, "tsa.pem"), "utf8")}${await readFile(path.join(dir, "ca.pem"), "utf8")}`;
    await writeFile(path.join(dir, "chain.pem"), chain);
    const url = await startResponder();
    child = await startChildArchive({
      port: await freePort(),
      dataDir: path.join(dir, "data"),
      env: { ARCHIVE_TSA_URL: url, ARCHIVE_TSA_CERTS: path.join(dir, "chain.pem") },
    });
    archivist = await childToken(child.url);
  }, 120_000);

  afterAll(async () => {
    await child?.kill("SIGTERM");
    responder?.closeAllConnections();
    await new Promise((resolve) => (responder ? responder.close(resolve) : resolve(undefined)));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("publishes the configured chain", async () => {
    const response = await fetch(`${child!.url}/preservation/tsa/certificates`);
    expect(response.status).toBe(200);
    const der = (pem: string) =>
      [...pem.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END/g)].map(([, body]) =>
        body!.replace(/\s+/g, ""),
      );
    const configured = der(await readFile(path.join(dir, "chain.pem"), "utf8"));
    expect(der(await response.text())).toEqual(configured);
    // And in every profile's extension, beside its description.
    const profiles = (await ok("RetrieveInfo", {})).pro as Loose[];
    expect(profiles.length).toBeGreaterThan(0);
    for (const profile of profiles) {
      const ext = (profile.ext as { name: string; value: string }[]).find(
        (e) => e.name === "urn:scriptorium:tsa-certificates",
      );
      expect(der(ext!.value)).toEqual(configured);
    }
  });

  it("seals with OpenSSL's time-stamps: the record validates and OpenSSL verifies it with the CA", async () => {
    mode = "openssl";
    const data = Buffer.from(`Deed of gift, ${Date.now()}`);
    const { poId } = await ok("PreservePO", {
      pro: PROFILE,
      po: [{ id: "deed.txt", binaryData: { value: b64(data) } }],
    });
    const before = replies;
    const [record] = (
      await ok("RetrievePO", { poId, sor: "Evidence", evFormat: "urn:ietf:rfc:4998" })
    ).po as Loose[];
    expect(replies).toBe(before);
    const ev = { binaryData: { value: record.binaryData.value }, formatId: "urn:ietf:rfc:4998" };
    const report = async (content: Buffer) => {
      const body = await ok("ValidateEvidence", {
        ev,
        po: [{ id: "deed.txt", binaryData: { value: b64(content) } }],
      });
      return Buffer.from(
        body.valRep.binaryData?.value ?? body.valRep.xmlData.b64Content,
        "base64",
      ).toString();
    };
    const valid = await report(data);
    expect(valid).toContain("<Result>valid</Result>");
    expect(valid).toMatch(/signed by a trusted key/);
    expect(await report(Buffer.from(`${data}!`))).not.toContain("<Result>valid</Result>");

    // The auditor's commands, as archive/README.md gives them, then the token against the CA alone.
    const work = await mkdtemp(path.join(dir, "auditor-"));
    await writeFile(path.join(work, "record.ers"), Buffer.from(record.binaryData.value, "base64"));
    await writeFile(path.join(work, "data"), data);
    const audit = spawnSync("bash", ["-c", await auditorCommands()], {
      cwd: work,
      encoding: "utf8",
    });
    const output = `${audit.stdout}${audit.stderr}`;
    expect(output).toContain("Verification: OK");
    const root = /hash-tree root: ([0-9a-f]{64})/.exec(output)![1]!;
    expect(
      openssl(["ts", "-verify", "-digest", root, "-in", "token.der", "-token_in",
        "-CAfile", path.join(dir, "ca.pem")], work), // prettier-ignore
    ).toContain("Verification: OK");
    expect(openssl(["ts", "-reply", "-in", "token.der", "-token_in", "-text"], work)).toMatch(
      /TSA: .*CN *= *Test TSA/,
    );
  }, 60_000);

  for (const wrong of ["garbage", "wrong-nonce"] as const) {
    it(`refuses a responder answering ${wrong}, and stores nothing`, async () => {
      mode = wrong;
      const data = `Lost charter, ${wrong}, ${Date.now()}`;
      try {
        const answer = await pres("PreservePO", {
          pro: PROFILE,
          po: [{ id: "charter.txt", binaryData: { value: b64(data) } }],
        });
        expect(answer.result.maj).toMatch(/ResponderError$/);
        expect(answer.result.min).toMatch(/externalServiceUnavailable$/);
        expect(answer.result.msg.value).toMatch(/time-stamp authority.*nothing was preserved/);
        expect(answer.poId).toBeUndefined();
      } finally {
        mode = "openssl";
      }
      const hash = sha256(data);
      expect(existsSync(path.join(dir, "data", "blobs", "sha256", hash.slice(0, 2), hash))).toBe(
        false,
      );
      expect(child!.output()).toMatch(
        wrong === "garbage"
          ? /did not answer with an RFC 3161 TimeStampResp/
          : /answered with another nonce than the one sent/,
      );
    }, 60_000);
  }
});
