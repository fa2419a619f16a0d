import { client, registerOwner, type ApiResponse, type Client } from "./support/http";
import { manualClock } from "./support/manual-clock";
import { usePlanDeployment } from "./support/plan-deployments";
import { describeStint, useStint, type StintMode } from "./support/stint";
import { type StyleAError } from "./support/shapes";

/**
 * Windows are fixed and aligned to the clock: a test at the real clock that must land in one
 * window never starts in the last seconds of a minute. (The rate-limit suite counts at a
 * clock of its own instead, and needs no such wait.)
 */
export async function awayFromMinuteEnd(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 55_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 50));
}

function header(res: ApiResponse, name: string): number {
  return Number(res.headers.get(name));
}

/**
 * The rate limits of docs/api.md#rate-limits over HTTP; distributed, every burst is spread over
 * two gateways sharing Redis. The gateways count at a clock of their own, which each test moves
 * to fresh windows: none ends half-way through a burst, however slow the machine.
 */
export function describeRateLimits(mode: StintMode): void {
  const gateways = mode === "distributed" ? 2 : 1;
  describeStint(mode, gateways > 1 ? "rate limits over two gateways" : "rate limits", () => {
    const clock = manualClock();
    const stint = useStint({ mode, gateways, clock: clock.now });
    let urls: readonly string[];
    let owner: Client;

    beforeAll(async () => {
      urls = stint.urls;
      owner = (await registerOwner(stint.url)).api;
    });

    beforeEach(() => clock.nextQuarterHour());

    async function newKey(): Promise<Record<string, string>> {
      const res = await owner.post<{ data: { key: string } }>("/api/v1/api-keys", { name: "limits", permissions: ["projects:read"] });
      return { "x-api-key": res.body.data.key };
    }

    /** `count` requests at once, spread over every gateway, within one minute window (the clock stands still). */
    async function burst(path: string, headers: Record<string, string>, count: number): Promise<ApiResponse<StyleAError>[]> {
      return Promise.all(
        Array.from({ length: count }, (_, i) => client(urls[i % urls.length] as string).get<StyleAError>(path, { headers })),
      );
    }

    it("when a credential sends more than 100 Style A requests in a minute, then exactly 100 pass and the rest get 429 with Retry-After", async () => {
      const key = await newKey();
      const answers = await burst("/api/v1/projects", key, 110);
      const ok = answers.filter((r) => r.status === 200);
      const limited = answers.filter((r) => r.status === 429);
      expect(ok).toHaveLength(100);
      expect(limited).toHaveLength(10);
      expect(ok.map((r) => header(r, "x-ratelimit-remaining")).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i));
      const nowSeconds = clock.now() / 1000;
      for (const res of ok) {
        expect(header(res, "x-ratelimit-limit")).toBe(100);
        expect(header(res, "x-ratelimit-reset")).toBeGreaterThan(nowSeconds - 1);
        expect(header(res, "x-ratelimit-reset")).toBeLessThanOrEqual(Math.ceil(nowSeconds) + 61);
      }
      for (const res of limited) {
        expect(res.body.error.code).toBe("rate_limited");
        expect(header(res, "x-ratelimit-remaining")).toBe(0);
        const retryAfter = header(res, "retry-after");
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(60);
      }
    });

    it("when a free plan's credential sends Style B requests, then they count apart from Style A, 100 an hour, then RATE_LIMIT_EXCEEDED", async () => {
      const key = await newKey();
      const a = await burst("/api/v1/projects", key, 100);
      expect(a.every((r) => r.status === 200)).toBe(true);
      const b = await burst("/api/projects", key, 101);
      expect(b.filter((r) => r.status === 200)).toHaveLength(100);
      const refused = b.find((r) => r.status === 429) as ApiResponse<unknown>;
      expect((refused.body as { code: string }).code).toBe("RATE_LIMIT_EXCEEDED");
      expect(header(refused, "x-ratelimit-limit")).toBe(100);
      expect(header(refused, "retry-after")).toBeGreaterThan(60);
    }, 150_000);

    it("when one credential is held back, then another still passes", async () => {
      const first = await newKey();
      await burst("/api/v1/projects", first, 100);
      expect((await client(stint.url).get("/api/v1/projects", { headers: first })).status).toBe(429);
      expect((await client(stint.url).get("/api/v1/projects", { headers: await newKey() })).status).toBe(200);
    });

    it("when an address calls endpoints that need no credential, then 60 a minute pass and the next gets 429", async () => {
      const from = { "x-forwarded-for": "192.0.2.30" };
      const answers = await Promise.all(
        Array.from({ length: 61 }, () => client(stint.url).post("/api/v1/auth/logout", { refresh_token: "rt_unknown" }, { headers: from })),
      );
      expect(answers.filter((r) => r.status === 204)).toHaveLength(60);
      const refused = answers.find((r) => r.status === 429) as ApiResponse<unknown>;
      expect(header(refused, "retry-after")).toBeGreaterThan(0);
    });
  });
}

const rateLimitHeaderNames = (res: ApiResponse) => [...res.headers.keys()].filter((name) => name.startsWith("x-ratelimit-"));

/**
 * Style B limits by plan (docs/api.md#plans and docs/api.md#rate-limits), with plans changed
 * the way the operator changes them (`npm run admin -- set-plan`): embedded while Stint is
 * stopped, distributed while it runs.
 */
export function describePlanLimits(mode: StintMode): void {
  const when = mode === "embedded" ? "set while Stint is stopped" : "set while Stint runs";
  describeStint(mode, `plans and Style B limits, the plan ${when}`, () => {
    const deployment = usePlanDeployment(mode);

    /** A new organization on the free plan, its owner's token and refresh token, and a key. */
    async function newOrganization() {
      const { account, api } = await registerOwner(deployment.url(), "Planned");
      const created = await api.post<{ data: { key: string } }>("/api/v1/api-keys", {
        name: "plans",
        permissions: ["projects:read", "users:read"],
      });
      expect(created.status).toBe(201);
      return { account, key: { "x-api-key": created.body.data.key } };
    }

    const styleB = (headers: Record<string, string>) => client(deployment.url()).get<unknown>("/api/projects", { headers });
    const styleA = (headers: Record<string, string>) => client(deployment.url()).get<unknown>("/api/v1/projects", { headers });

    it("when an organization moves to enterprise, then Style B has no limit nor its headers while Style A keeps its own", async () => {
      const { account, key } = await newOrganization();
      const before = await styleB(key);
      expect(header(before, "x-ratelimit-limit")).toBe(100);

      await deployment.setPlan(account.organization.id, "enterprise");
      await awayFromMinuteEnd();
      const answers = await Promise.all(Array.from({ length: 120 }, () => styleB(key)));
      expect(answers.map((res) => res.status)).toEqual(Array(120).fill(200));
      expect(answers.flatMap(rateLimitHeaderNames)).toEqual([]);

      const a = await styleA(key);
      expect(a.status).toBe(200);
      expect(header(a, "x-ratelimit-limit")).toBe(100);
      expect(header(a, "x-ratelimit-remaining")).toBe(99);
      const shown = await client(deployment.url(), key).get<{ data: { plan: string } }>("/api/v1/organization");
      expect(shown.body.data.plan).toBe("enterprise");
    });

    it("when an organization moves to standard and then pro, then Style B allows 1,000 and then 5,000 an hour", async () => {
      const { account, key } = await newOrganization();
      expect(header(await styleB(key), "x-ratelimit-limit")).toBe(100);

      await deployment.setPlan(account.organization.id, "standard");
      const standard = await styleB(key);
      expect(standard.status).toBe(200);
      expect(header(standard, "x-ratelimit-limit")).toBe(1000);
      // The hour's count goes on where the gateways share it; a restarted embedded one starts again.
      expect(header(standard, "x-ratelimit-remaining")).toBe(deployment.announcesToGateways ? 998 : 999);

      await deployment.setPlan(account.organization.id, "pro");
      const pro = await styleB(key);
      expect(header(pro, "x-ratelimit-limit")).toBe(5000);
      expect(header(pro, "x-ratelimit-remaining")).toBe(deployment.announcesToGateways ? 4997 : 4999);
      expect(header(await styleA(key), "x-ratelimit-limit")).toBe(100);
    });

    it("when the plan changes, then access tokens issued before follow it, at once where the gateways share Redis, otherwise from the next refresh", async () => {
      const { account } = await newOrganization();
      const oldToken = { authorization: `Bearer ${account.access_token}` };
      expect(header(await styleB(oldToken), "x-ratelimit-limit")).toBe(100);

      await deployment.setPlan(account.organization.id, "pro");
      const old = await styleB(oldToken);
      expect(old.status).toBe(200);
      expect(header(old, "x-ratelimit-limit")).toBe(deployment.announcesToGateways ? 5000 : 100);

      const refreshed = await client(deployment.url()).post<{ access_token: string }>("/api/auth/refresh", {
        refresh_token: account.refresh_token,
      });
      expect(refreshed.status).toBe(200);
      expect(header(await styleB({ authorization: `Bearer ${refreshed.body.access_token}` }), "x-ratelimit-limit")).toBe(5000);
    });
  });
}
