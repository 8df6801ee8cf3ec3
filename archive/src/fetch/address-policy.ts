// Which IP addresses the archive may fetch from: public unicast only, unless the operator allows
// private ones. IPv4 addresses embedded in IPv6 (mapped, compatible, NAT64, 6to4) count as the
// IPv4 address they carry, so "::ffff:10.0.0.1" is as private as "10.0.0.1".
import { isIP } from "node:net";

export type AddressKind =
  | "public"
  | "loopback"
  | "private"
  | "link-local"
  | "unique-local"
  | "unspecified"
  | "carrier-grade NAT"
  | "multicast"
  | "broadcast"
  | "reserved"
  | "documentation";

const v4Ranges: Array<[string, number, AddressKind]> = [
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "carrier-grade NAT"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"],
  ["192.0.2.0", 24, "documentation"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "reserved"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["255.255.255.255", 32, "broadcast"],
  ["240.0.0.0", 4, "reserved"],
];

function v4ToNumber(ip: string): number {
  return ip.split(".").reduce((n, part) => n * 256 + Number(part), 0);
}

function classifyV4(value: number): AddressKind {
  for (const [base, bits, kind] of v4Ranges) {
    const size = 2 ** (32 - bits);
    const start = v4ToNumber(base);
    if (value >= start && value < start + size) return kind;
  }
  return "public";
}

// Eight 16-bit groups; handles "::" and a trailing dotted quad. Zone ids ("%eth0") are dropped.
function v6Groups(ip: string): number[] {
  let text = ip.replace(/%.*$/, "").toLowerCase();
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (quad) {
    const n = v4ToNumber(quad);
    text = `${text.slice(0, -quad.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (s: string) => (s === "" ? [] : s.split(":").map((g) => parseInt(g, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

function classifyV6(g: number[]): AddressKind {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, h = 0, i = 0] = g;
  const embedded = (hi: number, lo: number) => classifyV4(hi * 65536 + lo);
  if (g.every((x) => x === 0)) return "unspecified";
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0 && h === 0 && i === 1)
    return "loopback";
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (deprecated compatible form).
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && (f === 0xffff || f === 0))
    return embedded(h, i);
  // 64:ff9b::/96 NAT64 and 2002::/16 6to4 reach the IPv4 address they embed.
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return embedded(h, i);
  if (a === 0x2002) return embedded(b, c);
  if ((a & 0xffc0) === 0xfe80) return "link-local";
  if ((a & 0xffc0) === 0xfec0) return "private"; // deprecated site-local
  if ((a & 0xfe00) === 0xfc00) return "unique-local";
  if ((a & 0xff00) === 0xff00) return "multicast";
  if (a === 0x2001 && b === 0x0db8) return "documentation";
  if (a === 0x0100 && b === 0 && c === 0 && d === 0) return "reserved"; // discard-only prefix
  return "public";
}

// The kind of a literal IPv4 or IPv6 address; throws for something that is not an IP address.
export function classifyAddress(ip: string): AddressKind {
  const bare = ip.replace(/^\[|\]$/g, "");
  const version = isIP(bare.replace(/%.*$/, ""));
  if (version === 4) return classifyV4(v4ToNumber(bare));
  if (version === 6) return classifyV6(v6Groups(bare));
  throw new Error(`${ip} is not an IP address.`);
}

export function isPublicAddress(ip: string): boolean {
  return classifyAddress(ip) === "public";
}

// "a private address", "an unspecified address" …: for messages.
export function describeAddressKind(kind: AddressKind): string {
  return `${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind} address`;
}
