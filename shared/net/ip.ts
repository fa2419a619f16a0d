/**
 * IP addresses and CIDR ranges, written out by hand so that the rules are ours and plain:
 * IPv4 only in dotted-quad form without leading zeros (no octal or shortened forms that
 * different parsers read differently), IPv6 in any RFC 4291 text form, and an IPv4-mapped
 * IPv6 address (`::ffff:192.0.2.1`, what a dual-stack socket reports for an IPv4 peer)
 * taken as the IPv4 address it carries.
 */

export interface IpAddress {
  family: 4 | 6;
  /** The address as a number: 32 bits for IPv4, 128 for IPv6. */
  value: bigint;
}

export interface IpRange {
  family: 4 | 6;
  /** The range's first address (host bits cleared). */
  base: bigint;
  prefixLength: number;
}

const BITS = { 4: 32, 6: 128 } as const;
const MAPPED_PREFIX = 0xffffn << 32n;
const IPV4_PART = /^(0|[1-9]\d{0,2})$/;
const IPV6_GROUP = /^[0-9a-f]{1,4}$/i;

function parseIpv4(text: string): bigint | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!IPV4_PART.test(part) || Number(part) > 255) return null;
    value = (value << 8n) | BigInt(part);
  }
  return value;
}

/** 16-bit groups of one side of `::`; an IPv4 tail counts as two. */
function ipv6Groups(text: string, last: boolean): bigint[] | null {
  if (text === "") return [];
  const parts = text.split(":");
  const groups: bigint[] = [];
  for (const [index, part] of parts.entries()) {
    if (last && index === parts.length - 1 && part.includes(".")) {
      const ipv4 = parseIpv4(part);
      if (ipv4 === null) return null;
      groups.push(ipv4 >> 16n, ipv4 & 0xffffn);
    } else if (IPV6_GROUP.test(part)) {
      groups.push(BigInt(`0x${part}`));
    } else {
      return null;
    }
  }
  return groups;
}

function parseIpv6(text: string): bigint | null {
  const halves = text.split("::");
  if (halves.length > 2) return null;
  let groups: bigint[];
  if (halves.length === 2) {
    const head = ipv6Groups(halves[0] ?? "", false);
    const tail = ipv6Groups(halves[1] ?? "", true);
    if (!head || !tail || head.length + tail.length > 7) return null;
    groups = [...head, ...Array<bigint>(8 - head.length - tail.length).fill(0n), ...tail];
  } else {
    const all = ipv6Groups(text, true);
    if (!all || all.length !== 8) return null;
    groups = all;
  }
  return groups.reduce((value, group) => (value << 16n) | group, 0n);
}

/** Parses an address; a zone (`fe80::1%eth0`) is dropped. Null when it is not one. */
export function parseIp(text: string): IpAddress | null {
  const trimmed = text.trim();
  if (trimmed.includes(":")) {
    const value = parseIpv6(trimmed.replace(/%[\w.-]+$/, ""));
    if (value === null) return null;
    if (value >> 32n === 0xffffn) return { family: 4, value: value & 0xffffffffn };
    return { family: 6, value };
  }
  const value = parseIpv4(trimmed);
  return value === null ? null : { family: 4, value };
}

/** IPv4 dotted, IPv6 in the RFC 5952 form (lower case, the longest run of zeros as `::`). */
export function formatIp(ip: IpAddress): string {
  if (ip.family === 4) return [24n, 16n, 8n, 0n].map((shift) => String((ip.value >> shift) & 0xffn)).join(".");
  const groups = Array.from({ length: 8 }, (_, i) => Number((ip.value >> BigInt(112 - 16 * i)) & 0xffffn));
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < 8;) {
    let end = start;
    while (end < 8 && groups[end] === 0) end++;
    if (end - start > bestLength) [bestStart, bestLength] = [start, end - start];
    start = end === start ? start + 1 : end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart < 0) return hex.join(":");
  return `${hex.slice(0, bestStart).join(":")}::${hex.slice(bestStart + bestLength).join(":")}`;
}

function mask(family: 4 | 6, prefixLength: number): bigint {
  const bits = BigInt(BITS[family]);
  return ((1n << bits) - 1n) ^ ((1n << (bits - BigInt(prefixLength))) - 1n);
}

/** `address` or `address/prefix`; host bits under the prefix are ignored. Null when invalid. */
export function parseIpRange(text: string): IpRange | null {
  const [addressText = "", prefixText, extra] = text.trim().split("/");
  if (extra !== undefined || addressText.includes("%")) return null;
  const ip = parseIp(addressText);
  if (!ip) return null;
  // An IPv4-mapped range is written in IPv6 bits; the address itself was turned into IPv4.
  const writtenFamily = addressText.includes(":") ? 6 : 4;
  let prefixLength: number = BITS[writtenFamily];
  if (prefixText !== undefined) {
    if (!/^(0|[1-9]\d{0,2})$/.test(prefixText) || Number(prefixText) > BITS[writtenFamily]) return null;
    prefixLength = Number(prefixText);
  }
  if (writtenFamily === 6 && ip.family === 4) {
    if (prefixLength >= 96) return { family: 4, base: ip.value & mask(4, prefixLength - 96), prefixLength: prefixLength - 96 };
    return { family: 6, base: (MAPPED_PREFIX | ip.value) & mask(6, prefixLength), prefixLength };
  }
  return { family: ip.family, base: ip.value & mask(ip.family, prefixLength), prefixLength };
}

/** Whether `ip` lies in `range`; an IPv6 range that spans `::ffff:0:0/96` also holds IPv4 addresses. */
export function rangeContains(range: IpRange, ip: IpAddress): boolean {
  if (range.family === ip.family) return (ip.value & mask(range.family, range.prefixLength)) === range.base;
  if (range.family === 6) return ((MAPPED_PREFIX | ip.value) & mask(6, range.prefixLength)) === range.base;
  return false;
}
