/* global window, document, location, history, sessionStorage, crypto, fetch, btoa, URLSearchParams, TextEncoder */
/*
 * A single-page application on an origin of its own, signing a person in to Stint with the
 * authorization code flow and PKCE (a public application: no secret), then calling the API
 * with the access token. Plain fetch and Web Crypto, no library and no build step.
 *
 * The tokens stay in this page's memory only: nothing a script injected later could read
 * from storage, and a reload signs in again (with consent remembered, straight back).
 * Requests carry no cookies (fetch's default for another origin), and Stint allows none.
 */

const { stintUrl, clientId, scope } = window.STINT_EXAMPLE;
/** This page's own address, registered as the application's redirect URI. */
const redirectUri = `${location.origin}${location.pathname}`;
/** The PKCE verifier and the state of a sign-in under way, kept across the trip to Stint. */
const PENDING = "stint-example-sign-in";

let tokens = null;

const element = (id) => document.getElementById(id);

function base64url(bytes) {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

const randomString = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

/** RFC 7636 §4.2: the S256 challenge of a verifier. */
async function challengeOf(verifier) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** The authorization server's metadata (RFC 8414): its endpoints and its issuer. */
async function discover() {
  const response = await fetch(`${stintUrl}/.well-known/oauth-authorization-server`);
  if (!response.ok) throw new Error(`Stint's metadata answered ${response.status}`);
  return response.json();
}

async function signIn() {
  const server = await discover();
  const verifier = randomString();
  const state = randomString();
  sessionStorage.setItem(PENDING, JSON.stringify({ verifier, state }));
  const url = new URL(server.authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: redirectUri,
    scope,
    state,
    code_challenge: await challengeOf(verifier),
    code_challenge_method: "S256",
  }).toString();
  location.assign(url.toString());
}

/** A request to the token or revocation endpoint, as a public client: its client_id, no secret. */
async function oauthRequest(endpoint, fields) {
  const response = await fetch(endpoint, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_id: clientId, ...fields }),
  });
  const text = await response.text();
  const body = text ? JSON.parse(text) : null;
  if (!response.ok) throw new Error(`${body.error}: ${body.error_description}`);
  return body;
}

/** Back from Stint with `code` (or `error`): checks the answer is for the sign-in started here, then exchanges the code. */
async function finishSignIn(answer) {
  const pending = JSON.parse(sessionStorage.getItem(PENDING) ?? "null");
  sessionStorage.removeItem(PENDING);
  // The code leaves the address bar and the history at once.
  history.replaceState(null, "", redirectUri);
  const server = await discover();
  if (!pending || answer.get("state") !== pending.state) throw new Error("This answer is not for a sign-in started here");
  // RFC 9207: the answer names the server that sent it.
  if (answer.get("iss") !== server.issuer) throw new Error("This answer comes from another server");
  if (answer.has("error")) throw new Error(`${answer.get("error")}: ${answer.get("error_description") ?? ""}`);
  tokens = await oauthRequest(server.token_endpoint, {
    grant_type: "authorization_code",
    code: answer.get("code"),
    redirect_uri: redirectUri,
    code_verifier: pending.verifier,
  });
}

async function showProjects() {
  const response = await fetch(`${stintUrl}/api/v1/projects`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
  // Readable from another origin because Stint exposes it (Access-Control-Expose-Headers).
  element("request-id").textContent = `Request id: ${response.headers.get("X-Request-ID")}`;
  const body = await response.json();
  if (!response.ok) throw new Error(body.error.message);
  element("projects").replaceChildren(
    ...body.data.map((project) => {
      const item = document.createElement("li");
      item.textContent = project.name;
      return item;
    }),
  );
}

async function refresh() {
  const server = await discover();
  tokens = await oauthRequest(server.token_endpoint, { grant_type: "refresh_token", refresh_token: tokens.refresh_token });
  await showProjects();
  element("status").textContent = "Signed in, with a fresh token.";
}

/** Revokes the refresh token, which ends every token of this sign-in (RFC 7009). */
async function signOut() {
  const server = await discover();
  await oauthRequest(server.revocation_endpoint, { token: tokens.refresh_token, token_type_hint: "refresh_token" });
  tokens = null;
  element("projects").replaceChildren();
  show();
  element("status").textContent = "Signed out.";
}

function show() {
  element("sign-in").hidden = tokens !== null;
  element("refresh").hidden = tokens === null;
  element("sign-out").hidden = tokens === null;
  element("status").textContent = tokens === null ? "Not signed in." : `Signed in; the token may: ${tokens.scope}.`;
}

/** Runs a step, showing what went wrong instead of failing silently. */
async function run(step) {
  element("error").textContent = "";
  try {
    await step();
  } catch (error) {
    element("error").textContent = error instanceof Error ? error.message : String(error);
  }
}

element("sign-in").addEventListener("click", () => run(signIn));
element("refresh").addEventListener("click", () => run(refresh));
element("sign-out").addEventListener("click", () => run(signOut));

await run(async () => {
  const answer = new URLSearchParams(location.search);
  if (answer.has("code") || answer.has("error")) await finishSignIn(answer);
  show();
  if (tokens) await showProjects();
});
