import type { IncomingMessage } from "node:http";
import { formatIp, parseIp, parseIpRange, rangeContains, type IpAddress, type IpRange } from "../../shared/net/ip";

/**
 * Who a request comes from, for limits counted per client address. The address is the
 * socket's peer. Only when that peer is one of the deployment's trusted proxies
 * (`TRUSTED_PROXIES`) is `X-Forwarded-For` read, from the right: each trusted proxy appends
 * the address it received the request from, so the first address from the right that is not
 * a trusted proxy is the client. Everything left of it was written by the client and proves
 * nothing. From any other peer, `X-Forwarded-For` is ignored: otherwise a caller could claim
 * a new address with every request.
 */

export type TrustedProxies = readonly IpRange[];

/** Given for a request whose socket has already gone (no peer address left to read). */
export const UNKNOWN_ADDRESS = "unknown";

/**
 * Parses `TRUSTED_PROXIES` entries (IPv4 or IPv6 addresses and CIDR ranges). Throws a
 * RangeError quoting the first entry that is not one.
 */
export function parseTrustedProxies(entries: readonly string[]): TrustedProxies {
  return entries.map((entry) => {
    const range = parseIpRange(entry);
    if (!range) throw new RangeError(`"${entry}" is not an IP address or CIDR range`);
    return range;
  });
}

function isTrusted(ip: IpAddress, trusted: TrustedProxies): boolean {
  return trusted.some((range) => rangeContains(range, ip));
}

/** One `X-Forwarded-For` hop, with or without a port (`192.0.2.1:4711`, `[2001:db8::1]:443`). */
function parseHop(text: string): IpAddress | null {
  const hop = text.trim().replace(/^"(.*)"$/, "$1");
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(hop);
  if (bracketed?.[1]) return parseIp(bracketed[1]);
  const ipv4WithPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(hop);
  return parseIp(ipv4WithPort?.[1] ?? hop);
}

/**
 * The client's address from the socket's peer and the `X-Forwarded-For` header(s), in the
 * canonical text of `formatIp` (an IPv4-mapped IPv6 peer reads as IPv4). When every hop is
 * a trusted proxy, the leftmost is the best that is known; when a hop that a trusted proxy
 * wrote cannot be read, the proxy that wrote it is.
 */
export function resolveClientAddress(
  remoteAddress: string | undefined,
  forwardedFor: string | readonly string[] | undefined,
  trusted: TrustedProxies,
): string {
  return addressFrom(peerOf(remoteAddress, trusted), forwardedFor, trusted);
}

/** What the socket's peer alone says: parsed once per connection (see `clientAddressOf`). */
interface Peer {
  remoteAddress: string | undefined;
  trusted: TrustedProxies;
  /** Null when the peer address cannot be read. */
  ip: IpAddress | null;
  /** The answer when `X-Forwarded-For` is not read (or names no one). */
  text: string;
  /** Whether `X-Forwarded-For` is read: the peer is a trusted proxy. */
  readsForwardedFor: boolean;
}

function peerOf(remoteAddress: string | undefined, trusted: TrustedProxies): Peer {
  const ip = remoteAddress ? parseIp(remoteAddress) : null;
  if (!ip) return { remoteAddress, trusted, ip, text: remoteAddress ? remoteAddress : UNKNOWN_ADDRESS, readsForwardedFor: false };
  return { remoteAddress, trusted, ip, text: formatIp(ip), readsForwardedFor: trusted.length > 0 && isTrusted(ip, trusted) };
}

function addressFrom(peer: Peer, forwardedFor: string | readonly string[] | undefined, trusted: TrustedProxies): string {
  if (!peer.ip || !peer.readsForwardedFor || forwardedFor === undefined) return peer.text;
  // Several X-Forwarded-For headers are one list, in the order they arrived.
  const header = typeof forwardedFor === "string" ? forwardedFor : forwardedFor.join(",");
  const hops = header.split(",").filter((hop) => hop.trim() !== "");
  let client = peer.ip;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = parseHop(hops[i] ?? "");
    if (!hop) break;
    client = hop;
    if (!isTrusted(hop, trusted)) break;
  }
  return formatIp(client);
}

/** Each connection's peer, so that keep-alive requests do not parse the same address again. */
const peersOfSockets = new WeakMap<object, Peer>();

/** `resolveClientAddress` for a Node request. */
export function clientAddressOf(req: IncomingMessage, trusted: TrustedProxies): string {
  const socket = req.socket;
  const remoteAddress = socket.remoteAddress;
  let peer = peersOfSockets.get(socket);
  if (!peer || peer.remoteAddress !== remoteAddress || peer.trusted !== trusted) {
    peer = peerOf(remoteAddress, trusted);
    peersOfSockets.set(socket, peer);
  }
  return addressFrom(peer, req.headers["x-forwarded-for"], trusted);
}

/**
 * The rate-limit subject of a client address. An IPv6 address counts by its /64: one
 * household or server usually holds a whole /64, and would otherwise have more addresses
 * than any limit could count.
 */
export function addressSubject(address: string): string {
  let subject = subjects.get(address);
  if (subject === undefined) {
    subject = subjectOf(address);
    // A bounded memo: a flood of new addresses costs a new start, never unbounded memory.
    if (subjects.size >= MAX_REMEMBERED_SUBJECTS) subjects.clear();
    subjects.set(address, subject);
  }
  return subject;
}

const MAX_REMEMBERED_SUBJECTS = 10_000;
const subjects = new Map<string, string>();

function subjectOf(address: string): string {
  const ip = parseIp(address);
  if (!ip) return `address:${address}`;
  if (ip.family === 4) return `address:${formatIp(ip)}`;
  const network = (ip.value >> 64n) << 64n;
  return `address:${formatIp({ family: 6, value: network })}/64`;
}

/** Whether the request's socket peer is one of the trusted proxies (whose forwarding headers may be read). */
export function fromTrustedProxy(req: IncomingMessage, trusted: TrustedProxies): boolean {
  const ip = req.socket.remoteAddress ? parseIp(req.socket.remoteAddress) : null;
  return ip !== null && trusted.length > 0 && isTrusted(ip, trusted);
}
