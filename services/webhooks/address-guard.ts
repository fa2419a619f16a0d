import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { parseIp, parseIpRange, rangeContains, type IpAddress, type IpRange } from "../../shared/net/ip";

/**
 * Which addresses a webhook may reach. Deliveries are made by the server, from inside the
 * deployment's network, so a URL must never let a customer make it call something only
 * that network can reach (SSRF). The rule is applied twice: when a URL is saved (every
 * address its host resolves to) and when an attempt connects (the address actually used).
 */

function ranges(list: readonly string[]): IpRange[] {
  return list.map((text) => {
    const range = parseIpRange(text);
    if (!range) throw new Error(`bad range ${text}`);
    return range;
  });
}

/** Never a receiver, whatever the deployment allows: instance metadata services hand out credentials. */
const METADATA = ranges(["169.254.169.254/32", "fd00:ec2::254/128"]);

/** Not on the public internet: refused unless the deployment allows private URLs. */
const NOT_PUBLIC: readonly { range: IpRange; kind: string }[] = [
  ["0.0.0.0/8", "unspecified"],
  ["10.0.0.0/8", "private"],
  ["100.64.0.0/10", "shared (CGNAT)"],
  ["127.0.0.0/8", "loopback"],
  ["169.254.0.0/16", "link-local"],
  ["172.16.0.0/12", "private"],
  ["192.0.0.0/24", "reserved"],
  ["192.0.2.0/24", "documentation"],
  ["192.88.99.0/24", "reserved"],
  ["192.168.0.0/16", "private"],
  ["198.18.0.0/15", "benchmarking"],
  ["198.51.100.0/24", "documentation"],
  ["203.0.113.0/24", "documentation"],
  ["224.0.0.0/4", "multicast"],
  ["240.0.0.0/4", "reserved"],
  // IPv6. `::/96` holds the unspecified and loopback addresses and the old IPv4-compatible form.
  ["::/96", "unspecified or loopback"],
  ["64:ff9b::/96", "IPv4 translation"],
  ["64:ff9b:1::/48", "IPv4 translation"],
  ["100::/64", "discard"],
  ["2001:db8::/32", "documentation"],
  ["2002::/16", "6to4"],
  ["fc00::/7", "private (unique local)"],
  ["fe80::/10", "link-local"],
  ["fec0::/10", "site-local"],
  ["ff00::/8", "multicast"],
].map(([text, kind]) => ({ range: ranges([text as string])[0] as IpRange, kind: kind as string }));

export class RefusedAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RefusedAddressError";
  }
}

export interface AddressPolicy {
  /** `WEBHOOK_ALLOW_PRIVATE_URLS`: `http://` and non-public addresses allowed (metadata never). */
  allowPrivate: boolean;
}

/** Why `text` may not be connected to, or null when it may. */
export function refusalOf(text: string, policy: AddressPolicy): string | null {
  const ip = parseIp(text);
  if (!ip) return `${text} is not an IP address`;
  if (METADATA.some((range) => rangeContains(range, ip))) return `${text} is a cloud metadata address`;
  if (policy.allowPrivate) return null;
  // `parseIp` reads `::ffff:a.b.c.d` as the IPv4 address it carries; written as IPv6 it is refused outright.
  if (ip.family === 4 && text.includes(":")) return `${text} is an IPv4-mapped IPv6 address`;
  const hit = NOT_PUBLIC.find((entry) => rangeContains(entry.range, ip as IpAddress));
  return hit ? `${text} is a ${hit.kind} address` : null;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to (the system resolver, as connections use). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: ResolveHost = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
};

/** A URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
}

/**
 * The addresses a connection to `hostname` may use: all of them, or an error naming the
 * first refused one. One bad answer refuses the host: a name that resolves to a private
 * address among public ones is not a receiver we can trust to stay public.
 */
export async function allowedAddresses(hostname: string, policy: AddressPolicy, resolve: ResolveHost): Promise<ResolvedAddress[]> {
  if (isIP(hostname)) {
    const refusal = refusalOf(hostname, policy);
    if (refusal) throw new RefusedAddressError(refusal);
    return [{ address: hostname, family: isIP(hostname) === 6 ? 6 : 4 }];
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(hostname);
  } catch {
    throw new RefusedAddressError(`${hostname} could not be resolved`);
  }
  if (addresses.length === 0) throw new RefusedAddressError(`${hostname} could not be resolved`);
  for (const entry of addresses) {
    const refusal = refusalOf(entry.address, policy);
    if (refusal) throw new RefusedAddressError(`${hostname} resolves to ${refusal.replace(/^\S+ is /, "")} (${entry.address})`);
  }
  return addresses;
}

/**
 * Checks a webhook URL when it is saved: the scheme, no credentials, and the host's
 * addresses. Returns null when it is acceptable, or why not.
 */
export async function urlRefusal(text: string, policy: AddressPolicy, resolve: ResolveHost): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "must be an absolute URL";
  }
  const schemes = policy.allowPrivate ? ["https:", "http:"] : ["https:"];
  if (!schemes.includes(url.protocol)) return policy.allowPrivate ? "must use https:// or http://" : "must use https://";
  if (url.username || url.password) return "must not carry a user name or password";
  if (url.hash) return "must not have a fragment";
  try {
    await allowedAddresses(hostOf(url), policy, resolve);
    return null;
  } catch (error) {
    if (error instanceof RefusedAddressError) return `is refused: ${error.message}`;
    throw error;
  }
}
