import type { APIPromise } from "../api-promise.js";
import type { RequestOptions } from "../core.js";
import type { PagePromise } from "../pagination.js";
import { path, Resource } from "../resource.js";
import type {
  ApiKey,
  BodyOf,
  CreatedApiKey,
  EmailPreferences,
  Organization,
  OutboxMessage,
  PasswordResetRequested,
  QueryOf,
  Session,
  Tokens,
} from "../types.js";

export type RegisterParams = BodyOf<"auth.register">;
export type LoginParams = BodyOf<"auth.login">;
export type RefreshParams = BodyOf<"auth.refresh">;
export type OrganizationUpdateParams = BodyOf<"auth.updateOrganization">;
export type OutboxListParams = QueryOf<"mail.listOutbox">;
export type PasswordResetRequestParams = BodyOf<"auth.requestPasswordReset">;
export type PasswordResetParams = BodyOf<"auth.resetPassword">;
export type PasswordChangeParams = BodyOf<"auth.changePassword">;
export type EmailPreferencesUpdateParams = BodyOf<"mail.updatePreferences">;
export type ApiKeyListParams = QueryOf<"auth.listApiKeys">;
export type ApiKeyCreateParams = BodyOf<"auth.createApiKey">;

/**
 * Sign-up and sign-in, which need no credential. The access token they answer with makes a
 * client of its own: `new Stint({ accessToken: session.access_token, baseUrl })`.
 */
export class Auth extends Resource {
  /** A new organization and its owner, signed in. */
  register(params: RegisterParams, options?: RequestOptions): APIPromise<Session> {
    return this.callUnwrapped("POST", "/auth/register", params, options);
  }

  /** Signs in with an email and password: the user, their organization and a pair of tokens. */
  login(params: LoginParams, options?: RequestOptions): APIPromise<Session> {
    return this.callUnwrapped("POST", "/auth/login", params, options);
  }

  /** New tokens for a refresh token, which works once. */
  refresh(params: RefreshParams, options?: RequestOptions): APIPromise<Tokens> {
    return this.callUnwrapped("POST", "/auth/refresh", params, options);
  }

  /** Ends the sign-in the refresh token belongs to. */
  logout(params: RefreshParams, options?: RequestOptions): APIPromise<void> {
    return this.callUnwrapped<void>("POST", "/auth/logout", params, options);
  }

  /**
   * Asks for a link that sets a new password, sent to the address if it has an account. The
   * answer is the same either way; `delivery` says whether links go out by email or wait in
   * the organization's outbox.
   */
  requestPasswordReset(params: PasswordResetRequestParams, options?: RequestOptions): APIPromise<PasswordResetRequested> {
    return this.callUnwrapped("POST", "/auth/password-reset", params, options);
  }

  /** Sets a new password with the `token` of a reset link (once, within 30 minutes); every sign-in of the account ends. */
  resetPassword(params: PasswordResetParams, options?: RequestOptions): APIPromise<void> {
    return this.callUnwrapped<void>("POST", "/auth/password-reset/confirm", params, options);
  }

  /**
   * Changes the signed-in user's password, given the current one. Every sign-in of the
   * account ends, this client's too: continue with the answer's tokens.
   */
  changePassword(params: PasswordChangeParams, options?: RequestOptions): APIPromise<Tokens> {
    return this.callUnwrapped("POST", "/auth/password", params, options);
  }
}

/** The caller's organization. */
export class OrganizationResource extends Resource {
  /** The caller's organization. */
  get(options?: RequestOptions): APIPromise<Organization> {
    return this.call("GET", "/organization", {}, options);
  }

  /**
   * `name` is the owner's to change; the owner and admins set `screenshotRetentionDays`
   * (`null` keeps screenshots until they are deleted).
   */
  update(params: OrganizationUpdateParams, options?: RequestOptions): APIPromise<Organization> {
    return this.call("PATCH", "/organization", { body: params }, options);
  }

  /**
   * The email Stint sent or keeps for the organization, newest first (owners and admins,
   * signed in). Without SMTP this is how messages reach people: kept ones show their link
   * to those who may pass it on.
   */
  outbox(params?: OutboxListParams, options?: RequestOptions): PagePromise<OutboxMessage> {
    return this.page<OutboxMessage>("/organization/outbox", params, options);
  }
}

/** API keys, managed with a signed-in user's access token (an API key cannot manage keys). */
export class ApiKeys extends Resource {
  /** The organization's API keys (never the keys themselves); iterate the page for every one. */
  list(params?: ApiKeyListParams, options?: RequestOptions): PagePromise<ApiKey> {
    return this.page<ApiKey>("/api-keys", params, options);
  }

  /** The answer's `key` is the only time the key is shown. */
  create(params: ApiKeyCreateParams, options?: RequestOptions): APIPromise<CreatedApiKey> {
    return this.call("POST", "/api-keys", { body: params }, options);
  }

  /** Revokes a key: requests made with it fail from now on. */
  revoke(id: string, options?: RequestOptions): APIPromise<void> {
    return this.callForNothing("DELETE", path("api-keys", id), options);
  }
}

/** The signed-in user's own email preferences: the weekly summary and the time zone its weeks are counted in. */
export class EmailPreferencesResource extends Resource {
  /** The caller's own preferences; the summary is off until they turn it on. */
  get(options?: RequestOptions): APIPromise<EmailPreferences> {
    return this.call("GET", "/email-preferences", {}, options);
  }

  /** `weeklySummary: true` sends a summary of the week before every Monday, from the first week that ends after now. */
  update(params: EmailPreferencesUpdateParams, options?: RequestOptions): APIPromise<EmailPreferences> {
    return this.call("PATCH", "/email-preferences", { body: params }, options);
  }
}
