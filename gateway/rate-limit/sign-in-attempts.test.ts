import { throughPromisesOnly } from "../../shared/kv/kv.suite";
import { openMemoryStore } from "../../shared/kv/memory";
import type { FixedWindow, KeyValueStore } from "../../shared/kv/port";
import { toErrorResponse } from "../error-response";
import { rateLimitHeadersOf } from "./limiter";
import { beginSignIn, signInAccountOf, type SignInSubject } from "./sign-in-attempts";

/** Half a minute into a quarter hour: 14.5 minutes before the windows end. */
const START = Date.UTC(2031, 0, 1, 9, 0, 30);
const WINDOW_END = Date.UTC(2031, 0, 1, 9, 15);

describe("sign-in attempts", () => {
  let kv: KeyValueStore;

  beforeEach(() => {
    kv = throughPromisesOnly(openMemoryStore());
  });
  afterEach(async () => {
    await kv.close();
  });

  /** Begins an attempt at `nowMs` and settles it as `wrong` says; the refusal when held back. */
  async function attempt(subject: SignInSubject, wrong: boolean, nowMs = START): Promise<unknown> {
    try {
      const begun = await beginSignIn(kv, subject, nowMs);
      await begun.settle(wrong);
      return null;
    } catch (error) {
      return error;
    }
  }

  const alice = (address: string): SignInSubject => ({ address, account: "alice@example.test" });

  it("when an account has had 10 wrong passwords from an address, then the 11th attempt from there is refused unheard, and another address may still try", async () => {
    for (let i = 0; i < 10; i++) expect(await attempt(alice("203.0.113.1"), true)).toBeNull();
    const refused = await attempt(alice("203.0.113.1"), false, START + 30_000);
    expect(toErrorResponse(refused)).toEqual({
      status: 429,
      code: "rate_limited",
      message: "Too many failed sign-ins for this account; try again in 14 minutes",
      details: { retry_after: 840 },
    });
    // Only when to come back: nothing about how many are left.
    expect(rateLimitHeadersOf(refused)).toEqual({ "Retry-After": "840" });
    expect(await attempt(alice("203.0.113.2"), false)).toBeNull();
  });

  it("when the window ends, then the account may try again from that address, not a millisecond before", async () => {
    for (let i = 0; i < 10; i++) await attempt(alice("203.0.113.3"), true);
    const last = await attempt(alice("203.0.113.3"), false, WINDOW_END - 1);
    expect(toErrorResponse(last)).toMatchObject({
      status: 429,
      message: "Too many failed sign-ins for this account; try again in 1 minute",
    });
    expect(rateLimitHeadersOf(last)).toEqual({ "Retry-After": "1" });
    expect(await attempt(alice("203.0.113.3"), false, WINDOW_END)).toBeNull();
  });

  it("when passwords are right, then their attempts are taken back and never add up", async () => {
    for (let i = 0; i < 50; i++) expect(await attempt(alice("203.0.113.4"), false)).toBeNull();
    for (let i = 0; i < 10; i++) expect(await attempt(alice("203.0.113.4"), true)).toBeNull();
    expect(toErrorResponse(await attempt(alice("203.0.113.4"), false)).status).toBe(429);
  });

  it("when twenty attempts are under way at once, then only ten are let through to be checked", async () => {
    const begun = await Promise.all(
      Array.from({ length: 20 }, () =>
        beginSignIn(kv, alice("203.0.113.5"), START).then(
          () => "checked",
          (error: unknown) => toErrorResponse(error).status,
        ),
      ),
    );
    expect(begun.filter((outcome) => outcome === "checked")).toHaveLength(10);
    expect(begun.filter((outcome) => outcome === 429)).toHaveLength(10);
  });

  it("when 30 wrong passwords for an account came from three addresses, then a fourth address is refused too", async () => {
    for (const address of ["198.51.100.1", "198.51.100.2", "198.51.100.3"])
      for (let i = 0; i < 10; i++) expect(await attempt(alice(address), true)).toBeNull();
    expect(toErrorResponse(await attempt(alice("198.51.100.4"), false))).toMatchObject({
      status: 429,
      message: "Too many failed sign-ins for this account; try again in 15 minutes",
    });
    expect(await attempt({ address: "198.51.100.4", account: "bob@example.test" }, false)).toBeNull();
  });

  it("when an address has had 100 wrong passwords over many accounts, then it is refused for any account, and the refusals count nowhere", async () => {
    const address = "192.0.2.7";
    for (let i = 0; i < 100; i++) expect(await attempt({ address, account: `person-${i}@example.test` }, true)).toBeNull();
    const refused = await attempt({ address, account: "someone@example.test" }, false);
    expect(toErrorResponse(refused)).toMatchObject({
      status: 429,
      message: "Too many failed sign-ins from this address; try again in 15 minutes",
    });
    // Neither the refused attempt nor any before it was counted on this account.
    for (let i = 0; i < 10; i++) expect(await attempt({ address: "192.0.2.8", account: "someone@example.test" }, true)).toBeNull();
  });

  it("when an attempt is refused for its account, then it takes nothing of its address's room", async () => {
    const address = "192.0.2.9";
    for (let i = 0; i < 10; i++) await attempt(alice(address), true);
    for (let i = 0; i < 200; i++) expect(toErrorResponse(await attempt(alice(address), false)).status).toBe(429);
    for (let i = 0; i < 90; i++) expect(await attempt({ address, account: `other-${i}@example.test` }, true)).toBeNull();
    expect(toErrorResponse(await attempt({ address, account: "one-more@example.test" }, true)).message).toMatch(/from this address/);
  });

  it("counts a code with no account (the device page's) on the address alone", async () => {
    const address = "192.0.2.10";
    for (let i = 0; i < 100; i++) expect(await attempt({ address, account: null }, true)).toBeNull();
    expect(toErrorResponse(await attempt({ address, account: null }, false)).message).toMatch(/from this address/);
  });

  it("counts an email as the auth service compares it, under a digest: no email reaches the store", async () => {
    const hits = jest.spyOn(kv, "hitWindows");
    for (const email of ["Carol@Example.test", " carol@example.test ", "CAROL@EXAMPLE.TEST"]) {
      for (let i = 0; i < 4; i++) await attempt({ address: "192.0.2.11", account: signInAccountOf(email) }, true);
    }
    expect(toErrorResponse(await attempt({ address: "192.0.2.11", account: "carol@example.test" }, false)).status).toBe(429);
    const keys = hits.mock.calls.flatMap(([windows]) => (windows as readonly FixedWindow[]).map((w) => w.key));
    expect(keys.some((key) => key.toLowerCase().includes("carol"))).toBe(false);
  });

  it("reads an email from a body as the auth service would, and none from anything else", () => {
    expect(signInAccountOf("  Dave@Example.TEST ")).toBe("dave@example.test");
    expect(signInAccountOf("")).toBeNull();
    expect(signInAccountOf("   ")).toBeNull();
    expect(signInAccountOf(`${"x".repeat(250)}@example.test`)).toBeNull();
    expect(signInAccountOf(42)).toBeNull();
    expect(signInAccountOf(undefined)).toBeNull();
    expect(signInAccountOf(["a@example.test"])).toBeNull();
  });
});
