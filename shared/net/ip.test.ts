import { formatIp, parseIp, parseIpRange, rangeContains } from "./ip";

const canonical = (text: string) => {
  const ip = parseIp(text);
  return ip ? formatIp(ip) : null;
};

const inRange = (range: string, address: string) => {
  const r = parseIpRange(range);
  const ip = parseIp(address);
  if (!r || !ip) throw new Error(`test data: ${range} or ${address} does not parse`);
  return rangeContains(r, ip);
};

describe("IP addresses", () => {
  it.each([
    ["192.0.2.1", "192.0.2.1"],
    ["0.0.0.0", "0.0.0.0"],
    ["255.255.255.255", "255.255.255.255"],
    [" 10.1.2.3 ", "10.1.2.3"],
    ["::", "::"],
    ["::1", "::1"],
    ["2001:DB8:0:0:0:0:0:1", "2001:db8::1"],
    ["2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"],
    ["2001:0db8:0000:0001:0000:0000:0000:0000", "2001:db8:0:1::"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2:3:4:5:6"],
    ["2001:db8:0:1:1:1:1:1", "2001:db8:0:1:1:1:1:1"],
    ["2001:db8::0:1:2:3:4", "2001:db8::1:2:3:4"],
    ["1:0:0:2:0:0:0:3", "1:0:0:2::3"],
    ["1:0:0:2:3:0:0:4", "1::2:3:0:0:4"],
    ["1:2:3:4:5:6:7::", "1:2:3:4:5:6:7:0"],
    ["fe80::1%eth0", "fe80::1"],
    ["::ffff:192.0.2.1", "192.0.2.1"],
    ["::FFFF:c000:0201", "192.0.2.1"],
    ["0:0:0:0:0:ffff:10.0.0.1", "10.0.0.1"],
    ["64:ff9b::192.0.2.1", "64:ff9b::c000:201"],
  ])("reads %s as %s", (text, expected) => {
    expect(canonical(text)).toBe(expected);
  });

  it.each([
    "",
    "1.2.3",
    "1.2.3.4.5",
    "256.1.1.1",
    "01.2.3.4",
    "1.2.3.-4",
    "1.2.3.4/8",
    "0x7f.0.0.1",
    "::1::",
    "1:2:3:4:5:6:7:8:9",
    "1:2:3:4:5:6:7",
    "12345::",
    "g::1",
    "1.2.3.4::",
    "::ffff:1.2.3",
    "localhost",
    "unknown",
  ])("refuses %j", (text) => {
    expect(parseIp(text)).toBeNull();
  });
});

describe("IP ranges", () => {
  it("matches a CIDR range and nothing outside it", () => {
    expect(inRange("10.0.0.0/8", "10.255.1.2")).toBe(true);
    expect(inRange("10.0.0.0/8", "11.0.0.0")).toBe(false);
    expect(inRange("192.0.2.7", "192.0.2.7")).toBe(true);
    expect(inRange("192.0.2.7", "192.0.2.8")).toBe(false);
    expect(inRange("0.0.0.0/0", "203.0.113.9")).toBe(true);
    expect(inRange("2001:db8::/32", "2001:db8:ffff::1")).toBe(true);
    expect(inRange("2001:db8::/32", "2001:db9::1")).toBe(false);
    expect(inRange("::1", "::1")).toBe(true);
  });

  it("ignores host bits under the prefix", () => {
    expect(inRange("10.1.2.3/8", "10.200.0.1")).toBe(true);
  });

  it("never matches across families, except IPv6 ranges that hold IPv4-mapped addresses", () => {
    expect(inRange("10.0.0.0/8", "::ffff:a00:1")).toBe(true); // that address is IPv4 10.0.0.1
    expect(inRange("0.0.0.0/0", "2001:db8::1")).toBe(false);
    expect(inRange("2001:db8::/32", "10.0.0.1")).toBe(false);
    expect(inRange("::ffff:10.0.0.0/104", "10.9.9.9")).toBe(true);
    expect(inRange("::ffff:10.0.0.0/104", "11.0.0.1")).toBe(false);
    expect(inRange("::/0", "10.0.0.1")).toBe(true);
    expect(inRange("::ffff:0:0/96", "203.0.113.1")).toBe(true);
  });

  it.each([
    "",
    "10.0.0.0/33",
    "10.0.0.0/",
    "10.0.0.0/08",
    "10.0.0.0/-1",
    "10.0.0.0/8/8",
    "2001:db8::/129",
    "fe80::1%eth0/64",
    "10.0.0.0/8x",
    "example.com",
  ])("refuses %j", (text) => {
    expect(parseIpRange(text)).toBeNull();
  });
});
