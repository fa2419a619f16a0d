import jwt from "jsonwebtoken";
import { CREDENTIAL_FAILURES_PER_MINUTE } from "../gateway/rate-limit/policy";
import { aRegistration } from "./support/builders";
import { client } from "./support/http";
import { answersUntilHeldBack } from "./support/held-back";
import { describeStint, useStint, type StintMode } from "./support/stint";

/**
 * The web application's sign-in kept in an HttpOnly cookie, over real HTTP: storing the
 * token from sign-up, refreshing with the cookie alone (as after a reload), rotation,
 * logout, and the refusals that keep other sites out. Run once per mode.
 */

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  /** The `stint_session` value this answer set, `""` when it cleared it, undefined when it did not touch it. */
  cookie: string | undefined;
  setCookie: string | null;
}

const APP = { "x-stint-web": "1" };
function someAddress(): string {
  return `198.51.100.${Math.floor(Math.random() * 256)}`;
}

interface PostOptions {
  cookie?: string;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

/** A POST as the browser would send it: the cookie (when given), JSON, and the headers named. */
async function post(base: string, path: string, options: PostOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { "x-forwarded-for": someAddress(), ...options.headers };
  if (options.cookie !== undefined) headers.cookie = `stint_session=${options.cookie}`;
  let body: string | undefined = options.raw;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const response = await fetch(`${base}${path}`, { method: "POST", headers, body });
  const text = await response.text();
  const setCookie = response.headers.get("set-cookie");
  const cookie = setCookie === null ? undefined : (/^stint_session=([^;]*)/.exec(setCookie)?.[1] ?? undefined);
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as unknown) : undefined, cookie, setCookie };
}

const styleA = (code: string) => ({ error: { code, message: expect.any(String) as string, details: expect.any(Object) as object } });

/** `WEB_SESSION_REPEAT_SECONDS` of the suites' deployments: short, so the test can wait it out. */
const REPEAT_SECONDS = 2;

export function describeWebSession(mode: StintMode): void {
  describeStint(mode, "the web application's session cookie", () => {
    const stint = useStint({ mode, env: { WEB_SESSION_REPEAT_SECONDS: String(REPEAT_SECONDS) } });
    let origin: string;

    /** A new account through the API, as the application signs up through the client library. */
    async function signUp(): Promise<{ refreshToken: string; userId: string }> {
      const res = await client(stint.url).post<{ refresh_token: string; user: { id: string } }>(
        "/api/auth/register",
        aRegistration({ name: "Web" }),
      );
      expect(res.status).toBe(201);
      return { refreshToken: res.body.refresh_token, userId: res.body.user.id };
    }

    /** Signed up, with the session stored as a cookie. */
    async function signedIn(): Promise<{ cookie: string; userId: string }> {
      const { refreshToken, userId } = await signUp();
      const stored = await post(stint.url, "/web-session", { body: { refresh_token: refreshToken }, headers: { ...APP, origin } });
      expect(stored.status).toBe(204);
      return { cookie: stored.cookie as string, userId };
    }

    beforeAll(() => {
      origin = new URL(stint.url).origin;
    });

    it("when a refresh token is stored, then it is kept in an HttpOnly cookie for the session endpoints alone, for a refresh token's lifetime", async () => {
      const { refreshToken } = await signUp();
      const stored = await post(stint.url, "/web-session", { body: { refresh_token: refreshToken }, headers: { ...APP, origin } });
      expect(stored.status).toBe(204);
      expect(stored.body).toBeUndefined();
      expect(stored.setCookie).toBe(`stint_session=${refreshToken}; HttpOnly; SameSite=Strict; Path=/web-session; Max-Age=${30 * 86_400}`);
      expect(stored.headers.get("cache-control")).toBe("no-store");
    });

    it("when the request came over HTTPS through a trusted proxy, then the cookie is marked Secure", async () => {
      const { refreshToken } = await signUp();
      // Test deployments trust loopback as a proxy.
      const stored = await post(stint.url, "/web-session", {
        body: { refresh_token: refreshToken },
        headers: { ...APP, "x-forwarded-proto": "https" },
      });
      expect(stored.status).toBe(204);
      expect(stored.setCookie).toMatch(/; Secure$/);
    });

    it("when the cookie alone refreshes, as after a reload, then a new access token comes and the cookie rotates", async () => {
      const { cookie, userId } = await signedIn();

      const first = await post(stint.url, "/web-session/refresh", { cookie, headers: APP });
      expect(first.status).toBe(200);
      expect(Object.keys(first.body as object).sort()).toEqual(["access_token", "expires_in"]);
      const { access_token: accessToken, expires_in: expiresIn } = first.body as { access_token: string; expires_in: number };
      expect(expiresIn).toBe(900);
      expect(jwt.decode(accessToken)).toMatchObject({ sub: userId });
      expect(JSON.stringify(first.body)).not.toContain("rt_");
      expect(first.cookie).toMatch(/^rt_/);
      expect(first.cookie).not.toBe(cookie);
      expect(first.setCookie).toContain("HttpOnly; SameSite=Strict; Path=/web-session");
      expect(first.headers.get("cache-control")).toBe("no-store");

      // The access token works on the API.
      const me = await client(stint.url, { authorization: `Bearer ${accessToken}` }).get(`/api/v1/users/${userId}`);
      expect(me.status).toBe(200);

      const second = await post(stint.url, "/web-session/refresh", { cookie: first.cookie, headers: { ...APP, origin } });
      expect(second.status).toBe(200);
      expect(second.cookie).toMatch(/^rt_/);
      expect(second.cookie).not.toBe(first.cookie);
    });

    it("when a spent cookie comes again within the repeat window, then it gets its first answer again", async () => {
      const { cookie } = await signedIn();
      const first = await post(stint.url, "/web-session/refresh", { cookie, headers: APP });
      expect(first.status).toBe(200);
      expect((await post(stint.url, "/web-session/refresh", { cookie: first.cookie, headers: APP })).status).toBe(200);
      // A reload cut the first answer off: the spent value gets it again.
      const repeated = await post(stint.url, "/web-session/refresh", { cookie, headers: APP });
      expect(repeated.status).toBe(200);
      expect(repeated.body).toEqual(first.body);
      expect(repeated.cookie).toBe(first.cookie);
    });

    it("when a spent cookie comes again past the repeat window, then it is refused, the cookie cleared and the whole sign-in ended", async () => {
      const { cookie } = await signedIn();
      const first = await post(stint.url, "/web-session/refresh", { cookie, headers: APP });
      const second = await post(stint.url, "/web-session/refresh", { cookie: first.cookie, headers: APP });
      expect(second.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, REPEAT_SECONDS * 1000 + 300));
      const replayed = await post(stint.url, "/web-session/refresh", { cookie, headers: APP });
      expect(replayed.status).toBe(401);
      expect(replayed.body).toEqual(styleA("unauthorized"));
      expect(replayed.cookie).toBe("");
      expect(replayed.setCookie).toContain("Max-Age=0");
      // Presenting a spent token ends the whole sign-in, as POST /auth/refresh does.
      expect((await post(stint.url, "/web-session/refresh", { cookie: second.cookie, headers: APP })).status).toBe(401);
    });

    it("when there is no cookie or one nobody issued, then refreshing answers 401 and clears the cookie", async () => {
      const none = await post(stint.url, "/web-session/refresh", { headers: APP });
      expect(none.status).toBe(401);
      expect(none.body).toEqual(styleA("unauthorized"));
      expect(none.cookie).toBe("");
      const unknown = await post(stint.url, "/web-session/refresh", { cookie: "rt_nobodyissuedthis", headers: APP });
      expect(unknown.status).toBe(401);
      expect(unknown.cookie).toBe("");
    });

    it("when someone logs out, then the cookie is cleared and its token refreshes nowhere", async () => {
      const { cookie } = await signedIn();
      const refreshed = await post(stint.url, "/web-session/refresh", { cookie, headers: APP });
      expect(refreshed.status).toBe(200);

      const out = await post(stint.url, "/web-session/logout", { cookie: refreshed.cookie, headers: { ...APP, origin } });
      expect(out.status).toBe(204);
      expect(out.cookie).toBe("");
      expect(out.setCookie).toContain("Max-Age=0");

      expect((await post(stint.url, "/web-session/refresh", { cookie: refreshed.cookie, headers: APP })).status).toBe(401);
      const api = await client(stint.url).post("/api/v1/auth/refresh", { refresh_token: refreshed.cookie });
      expect(api.status).toBe(401);
    });

    it("when someone logs out without a cookie, then there is nothing to end and the answer is still 204", async () => {
      const again = await post(stint.url, "/web-session/logout", { headers: APP });
      expect(again.status).toBe(204);
      expect(again.cookie).toBe("");
    });

    it("when a request lacks X-Stint-Web: 1 or comes from another origin, then it is refused with 403 and changes nothing", async () => {
      const { cookie } = await signedIn();
      const refusals: { headers: Record<string, string> }[] = [
        { headers: {} },
        { headers: { "x-stint-web": "true" } },
        { headers: { ...APP, origin: "https://evil.example" } },
        { headers: { ...APP, origin: "null" } },
        { headers: { ...APP, origin: `${origin}.evil.example` } },
        { headers: { ...APP, "sec-fetch-site": "cross-site" } },
      ];
      for (const [at, refusal] of refusals.entries()) {
        for (const path of ["/web-session/refresh", "/web-session/logout"]) {
          const answer = await post(stint.url, path, { cookie, headers: refusal.headers });
          expect([at, path, answer.status]).toEqual([at, path, 403]);
          expect(answer.body).toEqual(styleA("forbidden"));
          expect(answer.setCookie).toBeNull();
        }
        const store = await post(stint.url, "/web-session", { body: { refresh_token: "rt_planted" }, headers: refusal.headers });
        expect([at, store.status, store.setCookie]).toEqual([at, 403, null]);
      }
      // Neither refresh nor logout ran: the cookie still works.
      expect((await post(stint.url, "/web-session/refresh", { cookie, headers: APP })).status).toBe(200);
    });

    it("when a body is not small JSON with exactly the fields named, then it is refused with a 4xx in Style A", async () => {
      const send = (options: PostOptions) => post(stint.url, "/web-session", { ...options, headers: { ...APP, ...options.headers } });
      const cases: [PostOptions, number, string][] = [
        [{ body: {} }, 400, "invalid_request"],
        [{ body: { refresh_token: "" } }, 400, "invalid_request"],
        [{ body: { refresh_token: 42 } }, 400, "invalid_request"],
        [{ body: { refresh_token: "rt_a; Path=/; Domain=evil" } }, 400, "invalid_request"],
        [{ body: { refresh_token: "rt_a", extra: true } }, 400, "invalid_request"],
        [{ body: ["rt_a"] }, 400, "invalid_request"],
        [{ raw: "{not json", headers: { "content-type": "application/json" } }, 400, "invalid_request"],
        [{ raw: "refresh_token=rt_a", headers: { "content-type": "application/x-www-form-urlencoded" } }, 415, "unsupported_media_type"],
        [{ raw: JSON.stringify({ refresh_token: "rt_a" }), headers: { "content-type": "text/plain" } }, 415, "unsupported_media_type"],
        [{ body: { refresh_token: "x".repeat(10_000) } }, 413, "payload_too_large"],
      ];
      for (const [at, [options, status, code]] of cases.entries()) {
        const answer = await send(options);
        expect([at, answer.status]).toEqual([at, status]);
        expect(answer.body).toEqual(styleA(code));
        expect(answer.setCookie).toBeNull();
      }
      const refresh = await post(stint.url, "/web-session/refresh", { body: { refresh_token: "rt_a" }, headers: APP });
      expect(refresh.status).toBe(400);
      expect(refresh.body).toEqual(styleA("invalid_request"));
    });

    it("when a session endpoint is called, then the call counts against the client address", async () => {
      const answer = await post(stint.url, "/web-session/logout", { headers: APP });
      expect(answer.headers.get("x-ratelimit-limit")).toBe("60");
    });

    it("when a session endpoint is asked with another method, then it answers 405 naming POST", async () => {
      const get = await fetch(`${stint.url}/web-session/refresh`, { headers: { ...APP, "x-forwarded-for": someAddress() } });
      expect(get.status).toBe(405);
      expect(get.headers.get("allow")).toBe("POST");
    });

    it("when an address's refreshes are refused past the limit, then it is held back with 429, as on POST /auth/refresh, while a valid session from there still refreshes", async () => {
      const address = someAddress();
      let attempt = 0;
      const answers = await answersUntilHeldBack(() =>
        post(stint.url, "/web-session/refresh", { cookie: `rt_guess${attempt++}`, headers: { ...APP, "x-forwarded-for": address } }),
      );
      expect(answers.filter((answer) => answer.status === 401).length).toBeGreaterThanOrEqual(CREDENTIAL_FAILURES_PER_MINUTE);
      const held = answers.at(-1) as Answer;
      expect(held.status).toBe(429);
      expect(held.body).toEqual(styleA("rate_limited"));
      expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(0);
      const { cookie } = await signedIn();
      const refreshed = await post(stint.url, "/web-session/refresh", {
        cookie,
        headers: { ...APP, "x-forwarded-for": address },
      });
      expect(refreshed.status).toBe(200);
    });
  });
}
