import type { RequestOptions } from "../core.js";
import type { PagePromise } from "../pagination.js";
import { path, Resource } from "../resource.js";
import type { ApiKey, BodyOf, CreatedApiKey, Organization, QueryOf, Session, Tokens } from "../types.js";

export type RegisterParams = BodyOf<"auth.register">;
export type LoginParams = BodyOf<"auth.login">;
export type RefreshParams = BodyOf<"auth.refresh">;
export type OrganizationUpdateParams = BodyOf<"auth.updateOrganization">;
export type ApiKeyListParams = QueryOf<"auth.listApiKeys">;
export type ApiKeyCreateParams = BodyOf<"auth.createApiKey">;

/**
 * Sign-up and sign-in, which need no credential. The access token they answer with makes a
 * client of its own: `new Stint({ accessToken: session.access_token, baseUrl })`.
 */
export class Auth extends Resource {
  /** A new organization and its owner, signed in. */
  register(params: RegisterParams, options?: RequestOptions): Promise<Session> {
    return this.callUnwrapped("POST", "/auth/register", params, options);
  }

  login(params: LoginParams, options?: RequestOptions): Promise<Session> {
    return this.callUnwrapped("POST", "/auth/login", params, options);
  }

  /** New tokens for a refresh token, which works once. */
  refresh(params: RefreshParams, options?: RequestOptions): Promise<Tokens> {
    return this.callUnwrapped("POST", "/auth/refresh", params, options);
  }

  /** Ends the sign-in the refresh token belongs to. */
  async logout(params: RefreshParams, options?: RequestOptions): Promise<void> {
    await this.callUnwrapped<unknown>("POST", "/auth/logout", params, options);
  }
}

/** The caller's organization. */
export class OrganizationResource extends Resource {
  get(options?: RequestOptions): Promise<Organization> {
    return this.call("GET", "/organization", {}, options);
  }

  /**
   * `name` is the owner's to change; the owner and admins set `screenshotRetentionDays`
   * (`null` keeps screenshots until they are deleted).
   */
  update(params: OrganizationUpdateParams, options?: RequestOptions): Promise<Organization> {
    return this.call("PATCH", "/organization", { body: params }, options);
  }
}

/** API keys, managed with a signed-in user's access token (an API key cannot manage keys). */
export class ApiKeys extends Resource {
  list(params?: ApiKeyListParams, options?: RequestOptions): PagePromise<ApiKey> {
    return this.page<ApiKey>("/api-keys", params, options);
  }

  /** The answer's `key` is the only time the key is shown. */
  create(params: ApiKeyCreateParams, options?: RequestOptions): Promise<CreatedApiKey> {
    return this.call("POST", "/api-keys", { body: params }, options);
  }

  revoke(id: string, options?: RequestOptions): Promise<void> {
    return this.callForNothing("DELETE", path("api-keys", id), options);
  }
}
