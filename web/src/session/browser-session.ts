import { Stint, type Session } from "@stint/sdk";

/** Who the access token speaks for, read from its claims (the server checks them; this only shows them). */
export interface Identity {
  userId: string;
  organizationId: string;
  role: "owner" | "admin" | "member";
}

interface WebSessionTokens {
  access_token: string;
  expires_in: number;
}

/** The gateway's cookie-keeping endpoints (docs/web-app.md, "Session"); outside the API. */
const WEB_SESSION = "/web-session";
/** Asked for by the gateway on every session call: a form on another site cannot send it. */
const WEB_SESSION_HEADERS = { "X-Stint-Web": "1" };
/** An access token this close to its end is renewed before it is used. */
const RENEW_BEFORE_MS = 30_000;

function identityOf(accessToken: string): Identity {
  const payload = accessToken.split(".")[1] ?? "";
  const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
  const claims = JSON.parse(json) as { sub: string; org: string; role: Identity["role"] };
  return { userId: claims.sub, organizationId: claims.org, role: claims.role };
}

async function postWebSession(path: string, body?: unknown): Promise<Response> {
  return fetch(`${WEB_SESSION}${path}`, {
    method: "POST",
    credentials: "same-origin",
    headers: body === undefined ? WEB_SESSION_HEADERS : { ...WEB_SESSION_HEADERS, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * A person is watching: a rate limit that asks for a longer wait than this is said on the
 * page ("try again in N seconds", with a button) instead of a silent "Loading" while the
 * client waits it out (docs/web-app.md, "Few requests").
 */
const LONGEST_SILENT_WAIT_SECONDS = 3;

/** A client for the calls that need no credential: sign-up, sign-in, joining by invitation. */
export function anonymousClient(): Stint {
  return new Stint({ baseUrl: window.location.origin, longestRetryAfter: LONGEST_SILENT_WAIT_SECONDS });
}

/**
 * A signed-in browser. The access token lives in this object only; the refresh token lives
 * in an HttpOnly cookie the page's scripts cannot read, so a reload signs in again without
 * asking and a script injected into the page cannot take the sign-in away with it.
 */
export class BrowserSession {
  readonly client: Stint;
  private accessToken: string;
  private expiresAtMs: number;
  private renewing: Promise<boolean> | null = null;
  private ended = false;

  private constructor(
    tokens: WebSessionTokens,
    private readonly onEnded: () => void,
  ) {
    this.accessToken = tokens.access_token;
    this.expiresAtMs = Date.now() + tokens.expires_in * 1000;
    this.client = new Stint({
      baseUrl: window.location.origin,
      longestRetryAfter: LONGEST_SILENT_WAIT_SECONDS,
      fetch: (input, init) => this.authorizedFetch(input, init),
    });
  }

  get identity(): Identity {
    return identityOf(this.accessToken);
  }

  /** After sign-up, sign-in or joining: hands the refresh token to the cookie and forgets it. */
  static async begin(session: Session, onEnded: () => void): Promise<BrowserSession> {
    const kept = await postWebSession("", { refresh_token: session.refresh_token });
    if (!kept.ok) throw new Error("Signed in, but the browser session could not be kept. Try again.");
    return new BrowserSession(session, onEnded);
  }

  /** The sign-in this browser kept, if there is one still good (after a reload). */
  static async resume(onEnded: () => void): Promise<BrowserSession | null> {
    const tokens = await renewedTokens();
    return tokens ? new BrowserSession(tokens, onEnded) : null;
  }

  /**
   * Changes the password. Every sign-in of the account ends, this one too: the answer's new
   * sign-in takes its place, its refresh token in the cookie and its access token here.
   */
  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    const tokens = await this.client.auth.changePassword({ currentPassword, newPassword });
    const kept = await postWebSession("", { refresh_token: tokens.refresh_token });
    if (!kept.ok)
      throw new Error("Your password is changed, but the browser session could not be kept. Sign in again with the new password.");
    this.accessToken = tokens.access_token;
    this.expiresAtMs = Date.now() + tokens.expires_in * 1000;
  }

  async signOut(): Promise<void> {
    this.ended = true;
    await postWebSession("/logout").catch(() => undefined);
    this.onEnded();
  }

  private async authorizedFetch(input: string, init: RequestInit): Promise<Response> {
    if (Date.now() > this.expiresAtMs - RENEW_BEFORE_MS) await this.renew();
    const first = await fetch(input, this.withToken(init));
    // A token revoked or signed with a rotated key: one renewal, then the answer as it is.
    if (first.status !== 401 || this.ended || !(await this.renew())) return first;
    return fetch(input, this.withToken(init));
  }

  private withToken(init: RequestInit): RequestInit {
    const headers = new Headers(init.headers);
    headers.set("Authorization", `Bearer ${this.accessToken}`);
    return { ...init, headers };
  }

  /** One renewal at a time, however many requests find the token old. */
  private renew(): Promise<boolean> {
    this.renewing ??= renewedTokens()
      .then((tokens) => {
        if (!tokens) {
          this.ended = true;
          this.onEnded();
          return false;
        }
        this.accessToken = tokens.access_token;
        this.expiresAtMs = Date.now() + tokens.expires_in * 1000;
        return true;
      })
      .finally(() => {
        this.renewing = null;
      });
    return this.renewing;
  }
}

/**
 * A refresh token works once, and every tab of this origin sends the same cookie: two tabs
 * renewing at the same instant would spend it twice, which ends the sign-in. The browser's
 * lock makes the tabs take turns, so the second renews with the cookie the first got back.
 */
async function renewedTokens(): Promise<WebSessionTokens | null> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  return locks ? await locks.request("stint-web-session", renewOnce) : renewOnce();
}

async function renewOnce(): Promise<WebSessionTokens | null> {
  const answer = await postWebSession("/refresh");
  if (answer.status === 401 || answer.status === 403) return null;
  if (!answer.ok) throw new Error(`Stint answered ${answer.status} while resuming the sign-in. Reload to try again.`);
  return (await answer.json()) as WebSessionTokens;
}
