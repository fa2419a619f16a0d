import { createHash } from "node:crypto";
import type { ApplicationInWords, PageView, ScopeInWords, SignedInUser } from "../../services/oauth/client";

/**
 * The OAuth pages as HTML: sign-in, consent, device verification and errors. Two forms
 * need no framework: plain HTML, one stylesheet inline (allowed by its hash), no script,
 * nothing from elsewhere.
 */

const STYLE = `
body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1d2330;margin:0}
main{max-width:26rem;margin:4rem auto;background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px #0002}
h1{font-size:1.3rem;margin-top:0}label{display:block;margin:.8rem 0 .2rem}
input[type=email],input[type=password],input[type=text]{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem}
button{margin-top:1rem;margin-right:.5rem;padding:.5rem 1rem;font-size:1rem;cursor:pointer}
.problem{color:#a4161a}.muted{color:#5a6272;font-size:.9rem}ul{padding-left:1.2rem}
`;
const STYLE_HASH = createHash("sha256").update(STYLE).digest("base64");

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

/**
 * The source that lets a page's forms end at the application's redirect URI. Chromium holds
 * every redirect that follows a form to the page's `form-action` (CSP Level 3): without it, a
 * person who signs in is sent on to the application and the browser stops at the sign-in
 * page, saying nothing. Its origin for `http(s)`; its scheme for a private-use scheme
 * (`com.example.app:`) and for an IPv6 literal (`http://[::1]:port`), which a CSP source
 * cannot name (Chromium drops `http://[::1]:8000` as invalid).
 */
function formTargetOf(redirectUri: string | undefined): string {
  if (!redirectUri) return "";
  try {
    const url = new URL(redirectUri);
    const web = url.protocol === "http:" || url.protocol === "https:";
    return web && !url.hostname.startsWith("[") ? ` ${url.origin}` : ` ${url.protocol}`;
  } catch {
    return "";
  }
}

/** The headers of every page: no framing, no other sources, no caching, no referrer; forms post here, and end at `redirectUri`. */
export function pageHeaders(redirectUri?: string): Record<string, string> {
  return {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; img-src 'self'; form-action 'self'${formTargetOf(redirectUri)}; frame-ancestors 'none'; base-uri 'none'`,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
  };
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} - Stint</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");

function form(action: string, csrf: string, fields: Record<string, string>, inner: string): string {
  return `<form method="post" action="${escapeHtml(action)}">${hidden({ csrf_token: csrf, ...fields })}${inner}</form>`;
}

function applicationLine(application: ApplicationInWords): string {
  const home = application.homepage_url
    ? ` <span class="muted">(<a href="${escapeHtml(application.homepage_url)}" rel="noopener noreferrer" target="_blank">${escapeHtml(application.homepage_url)}</a>)</span>`
    : "";
  return `<strong id="application">${escapeHtml(application.name)}</strong>${home}`;
}

function scopeList(scopes: readonly ScopeInWords[]): string {
  if (scopes.length === 0) return `<p class="muted">Nothing beyond knowing who you are: your role allows none of what it asked for.</p>`;
  return `<ul id="scopes">${scopes.map((s) => `<li data-scope="${escapeHtml(s.scope)}">${escapeHtml(s.words)}</li>`).join("")}</ul>`;
}

const signedInAs = (user: SignedInUser) => `<p class="muted">Signed in as ${escapeHtml(user.name)} (${escapeHtml(user.email)}).</p>`;

/** The page for a view; `action` is the path its forms post to. */
export function renderPage(view: Exclude<PageView, { kind: "redirect" | "continue" }>, action: string, csrf: string): string {
  switch (view.kind) {
    case "error":
      return page("Something is wrong", `<h1>Something is wrong</h1><p class="problem" id="problem">${escapeHtml(view.message)}</p>`);
    case "sign_in":
      return page(
        "Sign in",
        `<h1>Sign in to Stint</h1>${view.failed ? `<p class="problem" id="problem">The email or the password is wrong.</p>` : ""}` +
          form(
            action,
            csrf,
            { ...view.params, action: "sign_in" },
            `<label for="email">Email</label><input type="email" id="email" name="email" autocomplete="username" required>` +
              `<label for="password">Password</label><input type="password" id="password" name="password" autocomplete="current-password" required>` +
              `<button type="submit">Sign in</button>`,
          ),
      );
    case "consent":
      return page(
        "Authorize",
        `<h1>${applicationLine(view.application)} wants to use your Stint account</h1>${signedInAs(view.user)}<p>It will be able to:</p>${scopeList(view.scopes)}` +
          form(
            action,
            csrf,
            view.params,
            `<button type="submit" name="action" value="approve" id="approve">Allow</button><button type="submit" name="action" value="deny" id="deny">Deny</button>`,
          ),
      );
    case "device_entry":
      return page(
        "Connect a device",
        `<h1>Connect a device</h1>${signedInAs(view.user)}${view.unknownCode ? `<p class="problem" id="problem">That code is not valid, or has expired. Check the code your device shows.</p>` : ""}` +
          form(
            action,
            csrf,
            { action: "lookup" },
            `<label for="user_code">The code your device shows</label><input type="text" id="user_code" name="user_code" value="${escapeHtml(view.userCode)}" autocomplete="off" autocapitalize="characters" required><button type="submit">Continue</button>`,
          ),
      );
    case "device_confirm":
      return page(
        "Connect a device",
        `<h1>${applicationLine(view.application)} wants to use your Stint account</h1>${signedInAs(view.user)}<p>Only continue if your device shows the code <strong id="code">${escapeHtml(view.userCode)}</strong>. It will be able to:</p>${scopeList(view.scopes)}` +
          form(
            action,
            csrf,
            { user_code: view.userCode },
            `<button type="submit" name="action" value="approve" id="approve">Allow</button><button type="submit" name="action" value="deny" id="deny">Deny</button>`,
          ),
      );
    case "device_done":
      return page(
        "Connect a device",
        view.approved
          ? `<h1 id="done">Device connected</h1><p>${applicationLine(view.application)} can now use your account. You can return to your device.</p>`
          : `<h1 id="done">Declined</h1><p>${applicationLine(view.application)} was not given access.</p>`,
      );
  }
}
