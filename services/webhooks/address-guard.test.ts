import { allowedAddresses, refusalOf, urlRefusal, type ResolveHost } from "./address-guard";

const STRICT = { allowPrivate: false };
const LENIENT = { allowPrivate: true };

/** A resolver with fixed answers; unknown names fail as NXDOMAIN would. */
function resolver(answers: Record<string, string[]>): ResolveHost {
  return async (hostname) => {
    const found = answers[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return found.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
}

describe("webhook address rule", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["::1", "loopback"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "CGNAT"],
    ["169.254.10.10", "link-local"],
    ["fe80::1", "link-local"],
    ["fc00::1", "unique local"],
    ["224.0.0.251", "multicast"],
    ["ff02::1", "multicast"],
    ["169.254.169.254", "metadata"],
    ["fd00:ec2::254", "metadata"],
    ["::ffff:127.0.0.1", "IPv4-mapped"],
    ["::ffff:8.8.8.8", "IPv4-mapped"],
    ["64:ff9b::a00:1", "IPv4 translation"],
  ])("refuses %s (%s) when private URLs are not allowed", (address, kind) => {
    expect(refusalOf(address, STRICT)).toContain(kind);
  });

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700::1111"])("allows the public address %s", (address) => {
    expect(refusalOf(address, STRICT)).toBeNull();
  });

  it("lets a deployment that allows private URLs reach loopback and private addresses, but never cloud metadata", () => {
    expect(refusalOf("127.0.0.1", LENIENT)).toBeNull();
    expect(refusalOf("10.0.0.5", LENIENT)).toBeNull();
    expect(refusalOf("::1", LENIENT)).toBeNull();
    expect(refusalOf("169.254.169.254", LENIENT)).toContain("metadata");
    expect(refusalOf("::ffff:169.254.169.254", LENIENT)).toContain("metadata");
    expect(refusalOf("fd00:ec2::254", LENIENT)).toContain("metadata");
  });

  it("refuses a host if any of its addresses is refused, and names it", async () => {
    const resolve = resolver({ "mixed.example": ["93.184.216.34", "10.0.0.7"], "public.example": ["93.184.216.34", "2606:4700::1111"] });
    await expect(allowedAddresses("mixed.example", STRICT, resolve)).rejects.toThrow(/mixed\.example resolves to .*private.*10\.0\.0\.7/);
    await expect(allowedAddresses("public.example", STRICT, resolve)).resolves.toHaveLength(2);
    await expect(allowedAddresses("nowhere.example", STRICT, resolve)).rejects.toThrow(/could not be resolved/);
  });

  describe("URLs when they are saved", () => {
    const resolve = resolver({ "hooks.example": ["93.184.216.34"], "inside.example": ["192.168.0.10"], localhost: ["127.0.0.1", "::1"] });

    it.each([
      ["https://hooks.example/stint", null],
      ["https://93.184.216.34:8443/in", null],
      ["http://hooks.example/stint", "must use https://"],
      ["ftp://hooks.example/", "must use https://"],
      ["https://user:pw@hooks.example/", "user name or password"],
      ["https://hooks.example/#frag", "fragment"],
      ["not a url", "absolute URL"],
      ["https://localhost:8443/", "loopback"],
      ["https://127.0.0.1/", "loopback"],
      ["https://[::1]/", "loopback"],
      ["https://10.0.0.1/", "private"],
      ["https://inside.example/", "private"],
      ["https://169.254.169.254/latest/meta-data", "metadata"],
      ["https://[::ffff:10.0.0.1]/", "IPv4-mapped"],
      ["https://nowhere.example/", "could not be resolved"],
    ])("%s -> %s", async (url, expected) => {
      const refusal = await urlRefusal(url, STRICT, resolve);
      if (expected === null) expect(refusal).toBeNull();
      else expect(refusal).toContain(expected);
    });

    it("takes http:// and private addresses when the deployment allows them, still not metadata", async () => {
      expect(await urlRefusal("http://localhost:3000/hook", LENIENT, resolve)).toBeNull();
      expect(await urlRefusal("http://10.0.0.1/hook", LENIENT, resolve)).toBeNull();
      expect(await urlRefusal("http://169.254.169.254/", LENIENT, resolve)).toContain("metadata");
      expect(await urlRefusal("ftp://localhost/", LENIENT, resolve)).toContain("https:// or http://");
    });
  });
});
