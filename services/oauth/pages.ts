import { randomSecret, sha256 } from "../../shared/auth/secrets";
import { newId } from "../../shared/ids";
import { DuplicateKeyError } from "../../shared/storage/port";
import type { Permission } from "../../shared/identity";
import type { KeyValueStore } from "../../shared/kv/port";
import { isoSeconds } from "../../shared/time";
import type { Account } from "../auth/client";
import type { ApplicationDocument } from "./application";
import { checkAuthorizationRequest, redirectWith, type RequestParams, type ValidRequest } from "./authorization-request";
import { decideDeviceCode, displayUserCode, normalizeUserCode, pendingDeviceCode } from "./device-flow";
import type { Clock } from "./clock";
import { consentIdOf, type DeviceCodeDocument } from "./documents";
import { endPageSession, openPageSession, sessionWithCsrf, signInPageSession, type PageSession } from "./page-sessions";
import { inWords, isSubset, withinRole } from "./scopes";
import type { PageOutcome, PageView } from "./contract";
import type { OAuthStores } from "./oauth-stores";

/** The authorization page and the device verification page, as use cases. */

export interface PageSettings {
  kv: KeyValueStore;
  accountOf(userId: string): Promise<Account | null>;
  verifyPassword(email: string, password: string): Promise<Account | null>;
  clock: Clock;
}

export const CODE_TTL_MS = 10 * 60_000;

const FORGED = "This form has expired or did not come from this site. Go back to the application and start again.";

const withSession = (session: PageSession, view: PageView): PageOutcome => ({
  ...view,
  session: { token: session.token, csrf: session.csrf },
});
const applicationInWords = (app: ApplicationDocument) => ({ name: app.name, homepage_url: app.homepage_url });
const userOf = (account: Account) => ({ name: account.name, email: account.email });

/** The signed-in account of a session; a session whose user is gone is ended. */
async function signedIn(settings: PageSettings, session: PageSession): Promise<{ session: PageSession; account: Account | null }> {
  if (session.userId === null) return { session, account: null };
  const account = await settings.accountOf(session.userId);
  return account ? { session, account } : { session: await endPageSession(settings.kv, session), account: null };
}

/** A new single-use code for an approved request, and the redirect that carries it. */
async function issueCode(
  stores: Pick<OAuthStores, "codes">,
  clock: Clock,
  request: ValidRequest,
  account: Account,
  issuer: string,
): Promise<PageView> {
  const code = randomSecret(43);
  await stores.codes.insert({
    _id: sha256(code),
    client_id: request.app.client_id,
    user_id: account.userId,
    organization_id: account.organizationId,
    redirect_uri: request.redirectUri,
    redirect_uri_omitted: !request.redirectUriGiven,
    scopes: request.scopes,
    code_challenge: request.codeChallenge,
    expires_at: clock() + CODE_TTL_MS,
    used: false,
    family: newId("event"),
  });
  return { kind: "redirect", location: redirectWith(request.redirectUri, { code, state: request.state }, issuer) };
}

/** Consent is remembered per user and application: scopes granted before are not asked again. */
async function rememberConsent(
  stores: Pick<OAuthStores, "consents">,
  clock: Clock,
  clientId: string,
  granted: readonly Permission[],
  userId: string,
): Promise<void> {
  const now = isoSeconds(new Date(clock()));
  for (let attempt = 0; ; attempt++) {
    const existing = await stores.consents.find(userId, clientId);
    const scopes = [...new Set([...(existing?.scopes ?? []), ...granted])];
    // The sweep may delete a stale consent between the read and the write: then it is created anew.
    if (existing && (await stores.consents.grant(userId, clientId, scopes, now))) return;
    try {
      await stores.consents.insert({
        _id: consentIdOf(userId, clientId),
        user_id: userId,
        client_id: clientId,
        scopes,
        created_at: now,
        updated_at: now,
      });
      return;
    } catch (error) {
      // Another approval created it at the same moment: merge into that one.
      if (!(error instanceof DuplicateKeyError) || attempt >= 2) throw error;
    }
  }
}

/** Remembered consent that covers the request, marked as used now; null when there is none (or the sweep just took it). */
async function useRememberedConsent(
  stores: Pick<OAuthStores, "consents">,
  clock: Clock,
  request: ValidRequest,
  account: Account,
): Promise<boolean> {
  const consent = await stores.consents.find(account.userId, request.app.client_id);
  if (!consent || !isSubset(request.scopes, consent.scopes)) return false;
  return (await stores.consents.touch(account.userId, request.app.client_id, isoSeconds(new Date(clock())))) !== null;
}

/** Back to the application with an error, without showing a page (`prompt=none`). */
const backWith = (request: ValidRequest, error: "login_required" | "consent_required", description: string, issuer: string): PageView => ({
  kind: "redirect",
  location: redirectWith(request.redirectUri, { error, error_description: description, state: request.state }, issuer),
});

/** The sign-in page. `prompt=login` is met by this sign-in, so it no longer travels with the form (else it would ask forever). */
function signInParams(request: ValidRequest): Record<string, string> {
  const params = { ...request.params };
  const prompt = (params.prompt ?? "").split(" ").filter((value) => value && value !== "login");
  if (prompt.length > 0) params.prompt = prompt.join(" ");
  else delete params.prompt;
  return params;
}

const signInView = (request: ValidRequest): PageView => ({
  kind: "sign_in",
  failed: false,
  params: signInParams(request),
  redirectUri: request.redirectUri,
});

async function nextStep(stores: OAuthStores, clock: Clock, request: ValidRequest, account: Account, issuer: string): Promise<PageView> {
  if (!request.prompt.consent && (await useRememberedConsent(stores, clock, request, account)))
    return issueCode(stores, clock, request, account, issuer);
  if (request.prompt.none) return backWith(request, "consent_required", "The user has not granted these scopes to the application", issuer);
  return {
    kind: "consent",
    application: applicationInWords(request.app),
    scopes: inWords(withinRole(request.scopes, account.role)),
    user: userOf(account),
    params: request.params,
    redirectUri: request.redirectUri,
  };
}

function refusedView(checked: { errorPage: string } | { redirect: string }): PageView {
  return "errorPage" in checked
    ? { kind: "error", status: 400, message: checked.errorPage }
    : { kind: "redirect", location: checked.redirect };
}

/** GET of the authorization endpoint: sign in, consent, or straight back when consent was given before. */
export async function authorizationPage(
  stores: OAuthStores,
  settings: PageSettings,
  input: { session?: string; query: RequestParams; repeated: string[]; issuer: string },
): Promise<PageOutcome> {
  const { session, account } = await signedIn(settings, await openPageSession(settings.kv, input.session));
  const checked = await checkAuthorizationRequest(stores, input.query, input.repeated, input.issuer);
  if (!checked.ok) return withSession(session, refusedView(checked));
  const request = checked.request;
  if (!account)
    return withSession(
      session,
      request.prompt.none ? backWith(request, "login_required", "The user is not signed in", input.issuer) : signInView(request),
    );
  if (request.prompt.login) return withSession(session, signInView(request));
  return withSession(session, await nextStep(stores, settings.clock, request, account, input.issuer));
}

/** Signs a person in from a page's form; the page then shows its next step. */
async function signInFromForm(
  settings: PageSettings,
  session: PageSession,
  form: RequestParams,
  params: Record<string, string>,
  redirectUri?: string,
): Promise<PageOutcome> {
  const account = await settings.verifyPassword((form.email ?? "").trim(), form.password ?? "");
  if (!account) return withSession(session, { kind: "sign_in", failed: true, params, redirectUri });
  const fresh = await signInPageSession(settings.kv, session, account.userId);
  return withSession(fresh, { kind: "continue", params });
}

/** POST of the authorization page's forms: sign in, approve, deny. Every one must carry the session's CSRF token. */
export async function authorizationForm(
  stores: OAuthStores,
  settings: PageSettings,
  input: { session?: string; form: RequestParams; issuer: string },
): Promise<PageOutcome> {
  const { form } = input;
  const valid = await sessionWithCsrf(settings.kv, input.session, form.csrf_token);
  if (!valid) return withSession(await openPageSession(settings.kv, input.session), { kind: "error", status: 403, message: FORGED });
  const { session, account } = await signedIn(settings, valid);
  const checked = await checkAuthorizationRequest(stores, form, [], input.issuer);
  if (!checked.ok) return withSession(session, refusedView(checked));
  const request = checked.request;
  if (form.action === "sign_in") return signInFromForm(settings, session, form, signInParams(request), request.redirectUri);
  if (!account) return withSession(session, signInView(request));
  if (form.action === "deny") {
    return withSession(session, {
      kind: "redirect",
      location: redirectWith(
        request.redirectUri,
        { error: "access_denied", error_description: "The user declined", state: request.state },
        input.issuer,
      ),
    });
  }
  if (form.action !== "approve") return withSession(session, { kind: "error", status: 400, message: FORGED });
  await rememberConsent(stores, settings.clock, request.app.client_id, request.scopes, account.userId);
  return withSession(session, await issueCode(stores, settings.clock, request, account, input.issuer));
}

/** GET of the device verification page: sign in, then type the code (or confirm a code from the link). */
export async function devicePage(
  stores: OAuthStores,
  settings: PageSettings,
  input: { session?: string; userCode?: string },
): Promise<PageOutcome> {
  const { session, account } = await signedIn(settings, await openPageSession(settings.kv, input.session));
  const typed = input.userCode ?? "";
  if (!account) return withSession(session, { kind: "sign_in", failed: false, params: typed ? { user_code: typed } : {} });
  // From `verification_uri_complete`: straight to confirming, which still shows the code to compare (RFC 8628 §5.4).
  const userCode = typed ? normalizeUserCode(typed) : null;
  const pending = userCode === null ? null : await pendingDeviceCode(stores, userCode, settings.clock);
  if (pending && userCode !== null) return withSession(session, confirmView(pending, userCode, account));
  return withSession(session, { kind: "device_entry", userCode: typed, unknownCode: false, user: userOf(account) });
}

function confirmView(pending: { doc: DeviceCodeDocument; app: ApplicationDocument }, userCode: string, account: Account): PageView {
  return {
    kind: "device_confirm",
    application: applicationInWords(pending.app),
    scopes: inWords(withinRole(pending.doc.scopes, account.role)),
    userCode: displayUserCode(userCode),
    user: userOf(account),
  };
}

/** POST of the device page's forms: sign in, look a code up, approve or deny it. */
export async function deviceForm(
  stores: OAuthStores,
  settings: PageSettings,
  input: { session?: string; form: RequestParams },
): Promise<PageOutcome> {
  const { form } = input;
  const valid = await sessionWithCsrf(settings.kv, input.session, form.csrf_token);
  if (!valid) return withSession(await openPageSession(settings.kv, input.session), { kind: "error", status: 403, message: FORGED });
  const typed = form.user_code ?? "";
  if (form.action === "sign_in") return signInFromForm(settings, valid, form, typed ? { user_code: typed } : {});
  const { session, account } = await signedIn(settings, valid);
  if (!account) return withSession(session, { kind: "sign_in", failed: false, params: typed ? { user_code: typed } : {} });
  const userCode = normalizeUserCode(typed);
  const pending = userCode === null ? null : await pendingDeviceCode(stores, userCode, settings.clock);
  if (!pending || userCode === null)
    return withSession(session, { kind: "device_entry", userCode: typed, unknownCode: true, user: userOf(account) });
  const application = applicationInWords(pending.app);
  if (form.action === "approve" || form.action === "deny") {
    const approved = form.action === "approve";
    if (!(await decideDeviceCode(stores, userCode, account.userId, approved, settings.clock)))
      return withSession(session, { kind: "device_entry", userCode: typed, unknownCode: true, user: userOf(account) });
    // An approved device shows among the person's authorized applications, where it can be revoked.
    if (approved) await rememberConsent(stores, settings.clock, pending.app.client_id, pending.doc.scopes, account.userId);
    return withSession(session, { kind: "device_done", approved, application });
  }
  return withSession(session, confirmView(pending, userCode, account));
}
