import type { IncomingMessage } from "node:http";
import { ConfigError, loadConfig } from "../../shared/config";
import { addressSubject, clientAddressOf, parseTrustedProxies, resolveClientAddress, UNKNOWN_ADDRESS } from "./client-address";

const none = parseTrustedProxies([]);
const proxies = parseTrustedProxies(["10.0.0.0/8", "2001:db8:cafe::/48", "192.0.2.10"]);

describe("client address", () => {
  it("is the socket's peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(resolveClientAddress("203.0.113.5", undefined, none)).toBe("203.0.113.5");
    expect(resolveClientAddress("203.0.113.5", "198.51.100.1", none)).toBe("203.0.113.5");
    expect(resolveClientAddress("::ffff:203.0.113.5", "198.51.100.1", none)).toBe("203.0.113.5");
  });

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy (a spoofed header)", () => {
    expect(resolveClientAddress("203.0.113.5", "10.0.0.1, 198.51.100.1", proxies)).toBe("203.0.113.5");
    expect(resolveClientAddress("2001:db8:beef::1", "198.51.100.1", proxies)).toBe("2001:db8:beef::1");
  });

  it("walks X-Forwarded-For from the right past trusted proxies to the first address that is not one", () => {
    expect(resolveClientAddress("10.0.0.2", "198.51.100.1", proxies)).toBe("198.51.100.1");
    // The client wrote 6.6.6.6 itself; the proxies appended 198.51.100.1, then each other.
    expect(resolveClientAddress("10.0.0.2", "6.6.6.6, 198.51.100.1, 192.0.2.10, 10.3.3.3", proxies)).toBe("198.51.100.1");
    expect(resolveClientAddress("::ffff:10.0.0.2", "198.51.100.1", proxies)).toBe("198.51.100.1");
    expect(resolveClientAddress("2001:db8:cafe::9", "2001:db8:beef::1", proxies)).toBe("2001:db8:beef::1");
    expect(resolveClientAddress("10.0.0.2", ["6.6.6.6, 198.51.100.1", "10.3.3.3"], proxies)).toBe("198.51.100.1");
  });

  it("reads hops written with ports, brackets or IPv4-mapped forms", () => {
    expect(resolveClientAddress("10.0.0.2", "198.51.100.1:4711", proxies)).toBe("198.51.100.1");
    expect(resolveClientAddress("10.0.0.2", "[2001:DB8:BEEF::1]:443", proxies)).toBe("2001:db8:beef::1");
    expect(resolveClientAddress("10.0.0.2", "::ffff:198.51.100.1", proxies)).toBe("198.51.100.1");
  });

  it("falls back to the nearest trusted hop when the chain runs out or cannot be read", () => {
    expect(resolveClientAddress("10.0.0.2", undefined, proxies)).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.2", "", proxies)).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.2", "10.0.0.9, 10.0.0.5", proxies)).toBe("10.0.0.9");
    expect(resolveClientAddress("10.0.0.2", "198.51.100.1, garbage, 10.0.0.5", proxies)).toBe("10.0.0.5");
    expect(resolveClientAddress("10.0.0.2", "unknown", proxies)).toBe("10.0.0.2");
  });

  it("says unknown for a request whose socket has no peer address left", () => {
    expect(resolveClientAddress(undefined, "198.51.100.1", proxies)).toBe(UNKNOWN_ADDRESS);
  });

  it("reads a Node request", () => {
    const req = {
      socket: { remoteAddress: "::ffff:10.0.0.2" },
      headers: { "x-forwarded-for": "198.51.100.7" },
    } as unknown as IncomingMessage;
    expect(clientAddressOf(req, proxies)).toBe("198.51.100.7");
    expect(clientAddressOf(req, none)).toBe("10.0.0.2");
  });

  it("reads each request of one connection on its own: its X-Forwarded-For, and a peer that has gone", () => {
    const socket: { remoteAddress: string | undefined } = { remoteAddress: "10.0.0.2" };
    const on = (headers: Record<string, string>) => ({ socket, headers }) as unknown as IncomingMessage;
    expect(clientAddressOf(on({ "x-forwarded-for": "198.51.100.7" }), proxies)).toBe("198.51.100.7");
    expect(clientAddressOf(on({ "x-forwarded-for": "198.51.100.8" }), proxies)).toBe("198.51.100.8");
    expect(clientAddressOf(on({}), proxies)).toBe("10.0.0.2");
    expect(clientAddressOf(on({ "x-forwarded-for": "198.51.100.8" }), none)).toBe("10.0.0.2");
    socket.remoteAddress = undefined;
    expect(clientAddressOf(on({ "x-forwarded-for": "198.51.100.8" }), proxies)).toBe(UNKNOWN_ADDRESS);
    socket.remoteAddress = "203.0.113.9";
    expect(clientAddressOf(on({ "x-forwarded-for": "198.51.100.8" }), proxies)).toBe("203.0.113.9");
  });

  it("counts IPv4 addresses one by one and IPv6 addresses by their /64", () => {
    expect(addressSubject("203.0.113.5")).toBe("address:203.0.113.5");
    expect(addressSubject("2001:db8:1:2:aaaa::1")).toBe("address:2001:db8:1:2::/64");
    expect(addressSubject("2001:db8:1:2:bbbb::7")).toBe(addressSubject("2001:db8:1:2:aaaa::1"));
    expect(addressSubject("2001:db8:1:3::1")).not.toBe(addressSubject("2001:db8:1:2::1"));
    expect(addressSubject(UNKNOWN_ADDRESS)).toBe("address:unknown");
  });
});

describe("TRUSTED_PROXIES", () => {
  it("trusts nobody when unset", () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUSTED_PROXIES: "" }).trustedProxies).toEqual([]);
  });

  it("reads addresses and CIDR ranges of both families, which the gateway can parse", () => {
    const config = loadConfig({ TRUSTED_PROXIES: " 10.0.0.0/8, 192.0.2.10,2001:db8::/32, ::ffff:172.16.0.0/108," });
    expect(config.trustedProxies).toEqual(["10.0.0.0/8", "192.0.2.10", "2001:db8::/32", "::ffff:172.16.0.0/108"]);
    const trusted = parseTrustedProxies(config.trustedProxies);
    expect(resolveClientAddress("172.16.5.5", "198.51.100.1", trusted)).toBe("198.51.100.1");
  });

  it.each(["10.0.0.0/33", "10.0.0.0/8, proxy.internal", "300.1.1.1", "2001:db8::/200"])(
    "stops start-up on %j, naming the variable",
    (value) => {
      expect(() => loadConfig({ TRUSTED_PROXIES: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUSTED_PROXIES: value })).toThrow(
        /^Invalid configuration: TRUSTED_PROXIES has an entry that is not an IP address or CIDR range: "/,
      );
    },
  );

  it("refuses to parse an entry that is not an address or range", () => {
    expect(() => parseTrustedProxies(["10.0.0.0/8", "nope"])).toThrow(/"nope"/);
  });
});
