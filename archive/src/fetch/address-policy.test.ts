import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classifyAddress, describeAddressKind, isPublicAddress } from "./address-policy";

describe("classifyAddress", () => {
  it.each([
    ["8.8.8.8", "public"],
    ["1.1.1.1", "public"],
    ["172.15.255.255", "public"],
    ["172.32.0.0", "public"],
    ["100.63.255.255", "public"],
    ["100.128.0.0", "public"],
    ["192.169.0.1", "public"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.0.0.5", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "link-local"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.127.255.255", "carrier-grade NAT"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["192.0.2.10", "documentation"],
  ])("IPv4 %s is %s", (ip, kind) => {
    expect(classifyAddress(ip)).toBe(kind);
  });

  it.each([
    ["2606:4700:4700::1111", "public"],
    ["2a00:1450:4001:82b::200e", "public"],
    ["::1", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["febf:ffff::1", "link-local"],
    ["fc00::1", "unique-local"],
    ["fd12:3456:789a::1", "unique-local"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "documentation"],
    ["[::1]", "loopback"],
  ])("IPv6 %s is %s", (ip, kind) => {
    expect(classifyAddress(ip)).toBe(kind);
  });

  it.each([
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:10.0.0.5", "private"],
    ["::ffff:a00:5", "private"],
    ["::ffff:169.254.169.254", "link-local"],
    ["::ffff:0:0", "unspecified"],
    ["0:0:0:0:0:ffff:c0a8:0101", "private"],
    ["::ffff:8.8.8.8", "public"],
    ["::127.0.0.1", "loopback"],
    ["64:ff9b::10.1.2.3", "private"],
    ["64:ff9b::8.8.8.8", "public"],
    ["2002:c0a8:0101::1", "private"],
    ["2002:0808:0808::1", "public"],
  ])("IPv4 inside IPv6 %s is %s", (ip, kind) => {
    expect(classifyAddress(ip)).toBe(kind);
  });

  it("refuses what is not an IP address", () => {
    expect(() => classifyAddress("example.org")).toThrow("example.org is not an IP address.");
    expect(() => classifyAddress("10.0.0.256")).toThrow();
  });

  it("treats every IPv4 address and its mapped IPv6 form alike", () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        expect(classifyAddress(`::ffff:${ip}`)).toBe(classifyAddress(ip));
      }),
    );
  });

  it("finds every 10/8 address private", () => {
    fc.assert(
      fc.property(fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)), ([b, c, d]) => {
        expect(isPublicAddress(`10.${b}.${c}.${d}`)).toBe(false);
      }),
    );
  });
});

describe("describeAddressKind", () => {
  it("reads as a phrase", () => {
    expect(describeAddressKind("private")).toBe("a private address");
    expect(describeAddressKind("unspecified")).toBe("an unspecified address");
  });
});
