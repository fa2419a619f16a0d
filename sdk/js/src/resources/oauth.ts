import type { APIPromise } from "../api-promise.js";
import type { HttpClient, RequestOptions } from "../core.js";
import type { PagePromise } from "../pagination.js";
import { path, Resource } from "../resource.js";
import type { BodyOf, OAuthApplication, OAuthApplicationWithSecret, OAuthAuthorization, QueryOf } from "../types.js";

export type OAuthApplicationListParams = QueryOf<"oauth.listApplications">;
export type OAuthApplicationCreateParams = BodyOf<"oauth.createApplication">;
export type OAuthApplicationUpdateParams = BodyOf<"oauth.updateApplication">;
export type OAuthAuthorizationListParams = QueryOf<"oauth.listAuthorizations">;

/** The developer portal's applications: owners and admins, with a signed-in user's access token. */
export class OAuthApplications extends Resource {
  /** The organization's OAuth applications; iterate the page for every one. */
  list(params?: OAuthApplicationListParams, options?: RequestOptions): PagePromise<OAuthApplication> {
    return this.page<OAuthApplication>("/oauth/applications", params, options);
  }

  /** A confidential application's `client_secret` is shown only in this answer. */
  create(params: OAuthApplicationCreateParams, options?: RequestOptions): APIPromise<OAuthApplicationWithSecret> {
    return this.call("POST", "/oauth/applications", { body: params }, options);
  }

  /** One OAuth application (without its secret). */
  get(id: string, options?: RequestOptions): APIPromise<OAuthApplication> {
    return this.call("GET", path("oauth", "applications", id), {}, options);
  }

  /** Changes only the fields given; `status: "disabled"` stops its tokens working. */
  update(id: string, params: OAuthApplicationUpdateParams, options?: RequestOptions): APIPromise<OAuthApplication> {
    return this.call("PATCH", path("oauth", "applications", id), { body: params }, options);
  }

  /** Deletes the application and revokes every token issued to it. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this.callForNothing("DELETE", path("oauth", "applications", id), options);
  }

  /** A new secret, shown once; the previous one keeps working for 24 hours. */
  rotateSecret(id: string, options?: RequestOptions): APIPromise<OAuthApplicationWithSecret> {
    return this.call("POST", path("oauth", "applications", id, "rotate-secret"), {}, options);
  }
}

/** The applications the caller has authorized. */
export class OAuthAuthorizations extends Resource {
  /** The applications the caller has authorized. */
  list(params?: OAuthAuthorizationListParams, options?: RequestOptions): PagePromise<OAuthAuthorization> {
    return this.page<OAuthAuthorization>("/oauth/authorizations", params, options);
  }

  /** Ends an application's access to the caller's account, by its client id. */
  revoke(clientId: string, options?: RequestOptions): APIPromise<void> {
    return this.callForNothing("DELETE", path("oauth", "authorizations", clientId), options);
  }
}

/** `stint.oauth.applications` and `stint.oauth.authorizations`. */
export class OAuth {
  readonly applications: OAuthApplications;
  readonly authorizations: OAuthAuthorizations;

  constructor(http: HttpClient) {
    this.applications = new OAuthApplications(http);
    this.authorizations = new OAuthAuthorizations(http);
  }
}
