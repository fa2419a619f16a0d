import { windowsOf } from "./limiter";
import {
  credentialPolicy,
  credentialSubject,
  DAY_MS,
  CREDENTIAL_FAILURES_POLICY,
  HOUR_MS,
  MINUTE_MS,
  SIGN_IN_FAILURES_PER_ACCOUNT,
  SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
  SIGN_IN_FAILURES_PER_ADDRESS,
  SIGN_IN_WINDOW_MS,
  STYLE_A_POLICY,
  STYLE_B_HOURLY_LIMITS,
  styleBPolicy,
  UNAUTHENTICATED_PER_HOUR,
  UNAUTHENTICATED_PER_MINUTE,
  UNAUTHENTICATED_POLICY,
} from "./policy";

const limits = (policy: { windows: readonly { name: string; limit: number; windowMs: number }[] }) =>
  policy.windows.map((w) => [w.name, w.limit, w.windowMs]);

describe("rate-limit policies", () => {
  it("has the window lengths right", () => {
    expect([MINUTE_MS, HOUR_MS, DAY_MS]).toEqual([60_000, 3_600_000, 86_400_000]);
  });

  it("gives Style A 100 a minute, 5,000 an hour and 50,000 a day, all enforced", () => {
    expect(limits(STYLE_A_POLICY)).toEqual([
      ["minute", 100, 60_000],
      ["hour", 5_000, 3_600_000],
      ["day", 50_000, 86_400_000],
    ]);
    expect(credentialPolicy("A", "enterprise")).toBe(STYLE_A_POLICY);
    expect(credentialPolicy("A", "free")).toBe(STYLE_A_POLICY);
  });

  it("gives Style B an hourly limit by plan, and enterprise none", () => {
    expect(STYLE_B_HOURLY_LIMITS).toEqual({ free: 100, standard: 1_000, pro: 5_000, enterprise: null });
    expect(limits(styleBPolicy("free"))).toEqual([["hour", 100, 3_600_000]]);
    expect(limits(styleBPolicy("standard"))).toEqual([["hour", 1_000, 3_600_000]]);
    expect(limits(credentialPolicy("B", "pro"))).toEqual([["hour", 5_000, 3_600_000]]);
    expect(credentialPolicy("B", "enterprise").windows).toEqual([]);
  });

  it("counts Style B in one place whatever the plan, and Style A apart from it", () => {
    const subject = "key:key_abc";
    expect(windowsOf(styleBPolicy("free"), subject)[0]?.key).toBe(windowsOf(styleBPolicy("pro"), subject)[0]?.key);
    const styleAKeys = windowsOf(STYLE_A_POLICY, subject).map((w) => w.key);
    expect(styleAKeys).not.toContain(windowsOf(styleBPolicy("free"), subject)[0]?.key);
    expect(
      new Set([
        ...styleAKeys,
        ...windowsOf(UNAUTHENTICATED_POLICY, subject).map((w) => w.key),
        ...windowsOf(CREDENTIAL_FAILURES_POLICY, subject).map((w) => w.key),
      ]).size,
    ).toBe(7);
  });

  it("counts per credential: the API key, or the user of a token", () => {
    expect(credentialSubject({ userId: "usr_1", apiKeyId: "key_9" })).toBe("key:key_9");
    expect(credentialSubject({ userId: "usr_1" })).toBe("user:usr_1");
    expect(windowsOf(STYLE_A_POLICY, "key:key_9")[0]?.key).not.toBe(windowsOf(STYLE_A_POLICY, "user:usr_1")[0]?.key);
  });

  it("builds a subject's windows once per policy, and each plan's Style B limit apart", () => {
    expect(windowsOf(STYLE_A_POLICY, "key:key_7")).toBe(windowsOf(STYLE_A_POLICY, "key:key_7"));
    expect(styleBPolicy("pro")).toBe(styleBPolicy("pro"));
    expect(windowsOf(styleBPolicy("free"), "user:usr_7")[0]?.limit).toBe(100);
    expect(windowsOf(styleBPolicy("pro"), "user:usr_7")[0]?.limit).toBe(5_000);
    expect(windowsOf(styleBPolicy("enterprise"), "user:usr_7")).toEqual([]);
  });

  it("limits unauthenticated endpoints and refused keys and tokens per address", () => {
    expect([UNAUTHENTICATED_PER_MINUTE, UNAUTHENTICATED_PER_HOUR]).toEqual([60, 1_000]);
    expect(limits(UNAUTHENTICATED_POLICY)).toEqual([
      ["minute", 60, 60_000],
      ["hour", 1_000, 3_600_000],
    ]);
    expect(limits(CREDENTIAL_FAILURES_POLICY)).toEqual([
      ["minute", 30, 60_000],
      ["hour", 300, 3_600_000],
    ]);
  });

  it("holds wrong passwords per account and address below per account, and both far below per address, in 15 minutes", () => {
    expect(SIGN_IN_WINDOW_MS).toBe(15 * 60_000);
    expect([SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS, SIGN_IN_FAILURES_PER_ACCOUNT, SIGN_IN_FAILURES_PER_ADDRESS]).toEqual([10, 30, 100]);
  });
});
