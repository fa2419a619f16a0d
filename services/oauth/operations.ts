import { z } from "zod";
import { EVERY_ROLE, MANAGERS, type CredentialAccess } from "../../shared/access";
import { PERMISSIONS } from "../../shared/identity";
import { defineOperations, type DocumentedEndpoint } from "../../shared/operations";
import { list, single } from "../../shared/schemas";
import {
  applicationByIdInput,
  authorizationByClientInput,
  createApplicationInput,
  listApplicationsInput,
  listAuthorizationsInput,
  updateApplicationInput,
} from "./inputs";
import {
  applicationSchema,
  applicationWithSecretSchema,
  authorizationSchema,
  deviceAuthorizationSchema,
  tokenResponseSchema,
  introspectionSchema,
  oauthErrorSchema,
} from "./contract";

/** The developer portal: owners and admins, with their own sign-in (not a key, not an application's token). */
const PORTAL: CredentialAccess = { roles: MANAGERS, sessionOnly: true };
/** Anyone's own authorizations, with their own sign-in. */
const OWN_AUTHORIZATIONS: CredentialAccess = { roles: EVERY_ROLE, sessionOnly: true };

const APPLICATIONS = "OAuth applications";
const OAUTH = "OAuth 2.0";
const portalOnly = "Owners and admins, with a signed-in user's access token. Another organization's application is a 404.";
const applicationPath = { id: "The application's id (`app_...`)" };

/** Applications of the developer portal and a person's authorized applications (docs/api.md#oauth-20). */
export const oauthOperations = defineOperations("oauth", {
  listApplications: {
    method: "GET",
    path: "/oauth/applications",
    summary: "List OAuth applications",
    description: `${portalOnly} Newest first; secrets are never listed.`,
    tag: APPLICATIONS,
    resource: "OAuth application",
    input: listApplicationsInput,
    access: PORTAL,
    success: { status: 200, description: "A page of the organization's applications", body: list(applicationSchema) },
  },
  createApplication: {
    method: "POST",
    path: "/oauth/applications",
    summary: "Register an OAuth application",
    description: `${portalOnly} A \`confidential\` application gets a \`client_secret\`, shown only in this answer; a \`public\` one has none and must use PKCE. Redirect URIs are \`https://\`, \`http://\` on a loopback address, or a private-use scheme (\`com.example.app:/callback\`), without a fragment; they are matched exactly, except that \`http://127.0.0.1\` and \`http://[::1]\` ones match on any port.`,
    tag: APPLICATIONS,
    resource: "OAuth application",
    input: createApplicationInput,
    access: PORTAL,
    success: {
      status: 201,
      description: "The new application, with its secret",
      body: single(applicationWithSecretSchema),
      location: "/oauth/applications/{data.id}",
    },
  },
  getApplication: {
    method: "GET",
    path: "/oauth/applications/:id",
    summary: "Read an OAuth application",
    description: portalOnly,
    tag: APPLICATIONS,
    resource: "OAuth application",
    input: applicationByIdInput,
    access: PORTAL,
    success: { status: 200, description: "The application", body: single(applicationSchema) },
    parameters: applicationPath,
  },
  updateApplication: {
    method: "PATCH",
    path: "/oauth/applications/:id",
    summary: "Change an OAuth application",
    description: `${portalOnly} Changes \`name\`, \`redirect_uris\`, \`homepage_url\`, \`scopes\` or \`status\`. Disabling it, or taking a scope away, stops its access tokens at once.`,
    tag: APPLICATIONS,
    resource: "OAuth application",
    input: updateApplicationInput,
    access: PORTAL,
    success: { status: 200, description: "The changed application", body: single(applicationSchema) },
    parameters: applicationPath,
  },
  deleteApplication: {
    method: "DELETE",
    path: "/oauth/applications/:id",
    summary: "Delete an OAuth application",
    description: `${portalOnly} Every authorization of it ends and its tokens stop at once.`,
    tag: APPLICATIONS,
    resource: "OAuth application",
    input: applicationByIdInput,
    access: PORTAL,
    success: { status: 204, description: "Deleted" },
    parameters: applicationPath,
  },
  rotateSecret: {
    method: "POST",
    path: "/oauth/applications/:id/rotate-secret",
    summary: "Give an OAuth application a new secret",
    description: `${portalOnly} The new secret is shown only in this answer; the previous one keeps working for 24 hours, so the application can switch without downtime. A public application has no secret: 409.`,
    tag: APPLICATIONS,
    resource: "OAuth application",
    input: applicationByIdInput,
    access: PORTAL,
    success: { status: 200, description: "The application, with its new secret", body: single(applicationWithSecretSchema) },
    errors: [409],
    parameters: applicationPath,
  },
  listAuthorizations: {
    method: "GET",
    path: "/oauth/authorizations",
    summary: "List the applications you have authorized",
    description: "The caller's own, with a signed-in user's access token. Newest first.",
    tag: APPLICATIONS,
    resource: "Authorization",
    input: listAuthorizationsInput,
    access: OWN_AUTHORIZATIONS,
    success: { status: 200, description: "A page of authorized applications", body: list(authorizationSchema) },
  },
  revokeAuthorization: {
    method: "DELETE",
    path: "/oauth/authorizations/:client_id",
    summary: "Revoke an application's access to your account",
    description: "Its access and refresh tokens for the caller stop at once, in every gateway; it must ask again.",
    tag: APPLICATIONS,
    resource: "Authorization",
    input: authorizationByClientInput,
    access: OWN_AUTHORIZATIONS,
    success: { status: 204, description: "Revoked" },
    parameters: { client_id: "The application's client id (`cli_...`)" },
  },
});

/*
 * The OAuth protocol endpoints. They take form bodies and answer in RFC 6749's shapes, and
 * two of them are pages, so the gateway serves them itself (gateway/oauth/); these entries
 * put them in the documents.
 */

const clientFields = {
  client_id: z.string().optional().describe("With client authentication in the body; or use HTTP Basic"),
  client_secret: z.string().optional().describe("Confidential applications, when not using HTTP Basic"),
};

const tokenForm = z
  .object({
    grant_type: z.enum(["authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"]),
    code: z.string().optional().describe("`authorization_code`: the code from the redirect"),
    redirect_uri: z
      .string()
      .optional()
      .describe("`authorization_code`: the same as in the authorization request; may be left out when that request left it out"),
    code_verifier: z.string().optional().describe("`authorization_code`: the PKCE verifier, when the request had a `code_challenge`"),
    refresh_token: z.string().optional().describe("`refresh_token`: the latest one"),
    scope: z.string().optional().describe("`refresh_token`: fewer scopes than granted, space-separated"),
    device_code: z.string().optional().describe("device code grant: from `/auth/oauth/device/code`"),
    ...clientFields,
  })
  .meta({ id: "OAuthTokenRequest" });

const tokenForms = z.object({ token: z.string(), token_type_hint: z.enum(["access_token", "refresh_token"]).optional(), ...clientFields });

const oauthErrors = (more: Record<number, string> = {}): DocumentedEndpoint["responses"] => ({
  400: { description: "An RFC 6749 error, such as `invalid_request` or `invalid_grant`", body: oauthErrorSchema },
  401: {
    description: "`invalid_client`: the client's id or secret is wrong, or it is disabled (with `WWW-Authenticate`)",
    body: oauthErrorSchema,
  },
  429: {
    description: "`temporarily_unavailable`: too many requests from this address or by this confidential client; see `Retry-After`",
    body: oauthErrorSchema,
  },
  500: { description: "`server_error`", body: oauthErrorSchema },
  503: { description: "`temporarily_unavailable`: a part of the service is not available; retry shortly", body: oauthErrorSchema },
  ...Object.fromEntries(Object.entries(more).map(([status, description]) => [status, { description, body: oauthErrorSchema }])),
});

const rateLimitNote =
  "Counted per client address, and per confidential application once its secret is checked (a public application, whose `client_id` anyone may send, per address only); a wrong client secret counts like a failed sign-in.";

export const oauthEndpoints: readonly DocumentedEndpoint[] = [
  {
    method: "GET",
    path: "/auth/oauth/authorize",
    summary: "Authorization endpoint (a page)",
    description:
      "Where an application sends a person (RFC 6749 §4.1.1). A page of this site: sign-in when there is no session, then consent naming the application and each scope. " +
      "`redirect_uri` must be one the application registered, exactly (a loopback one, `http://127.0.0.1` or `http://[::1]`, on any port); it may be left out when the application registered only one. An unknown `client_id` or `redirect_uri` shows an error page and never redirects. " +
      "Other problems and a refusal go back to `redirect_uri` with `error`, `state` and `iss`; approval with `code`, `state` and `iss`. " +
      "PKCE (`code_challenge`, `code_challenge_method=S256`) is required for public applications and accepted for all. Consent is remembered: the same scopes again skip the consent page.",
    tag: OAUTH,
    query: z.object({
      response_type: z.literal("code"),
      client_id: z.string(),
      redirect_uri: z.string().optional().describe("Required when the application registered more than one"),
      scope: z
        .string()
        .optional()
        .describe(`Space-separated, of: ${PERMISSIONS.join(", ")}. Absent: every scope the application registered`),
      state: z.string().optional().describe("Returned as is; use it against CSRF"),
      code_challenge: z.string().optional(),
      code_challenge_method: z.literal("S256").optional(),
      prompt: z
        .string()
        .optional()
        .describe(
          "Space-separated, as OpenID Connect has it: `none` shows no page and goes back with `login_required` (not signed in) or `consent_required` (consent not remembered), and cannot be combined; `login` asks for the password again; `consent` shows the consent page even when consent is remembered",
        ),
    }),
    responses: {
      200: { description: "The sign-in or consent page", contentType: "text/html" },
      302: { description: "Back to the application's `redirect_uri`, with `code` or `error`" },
      400: { description: "An error page: the application or its redirect URI is unknown", contentType: "text/html" },
      429: { description: "Too many requests from this address", contentType: "text/html" },
    },
  },
  {
    method: "POST",
    path: "/auth/oauth/authorize",
    summary: "Authorization page's forms",
    description:
      "What the sign-in and consent forms of the authorization page send (with the page's CSRF token and its session cookie); not for applications to call.",
    tag: OAUTH,
    form: z
      .object({
        csrf_token: z.string(),
        action: z.enum(["sign_in", "approve", "deny"]),
        email: z.string().optional(),
        password: z.string().optional(),
      })
      .catchall(z.string()),
    responses: {
      200: { description: "The page again (a wrong password, say)", contentType: "text/html" },
      302: { description: "Back to the application, with `code` or `error`" },
      303: { description: "Signed in: on to the consent step" },
      400: { description: "An error page", contentType: "text/html" },
      403: { description: "The form did not carry the session's CSRF token: nothing happens", contentType: "text/html" },
      429: { description: "Too many failed sign-ins from this address", contentType: "text/html" },
    },
  },
  {
    method: "POST",
    path: "/auth/oauth/token",
    summary: "Token endpoint",
    description:
      "Exchanges an authorization code, a refresh token or an approved device code for tokens (RFC 6749 §3.2, RFC 8628 §3.4). Form-encoded (JSON is accepted too); the client authenticates with HTTP Basic or in the body. " +
      "A code is good once for 10 minutes, and a second use revokes what the first issued; each refresh returns a new refresh token, and a spent one presented again revokes the chain. " +
      "Device polling answers `authorization_pending`, `slow_down` (wait 5 seconds longer), `access_denied` or `expired_token`. Answers carry `Cache-Control: no-store`. " +
      rateLimitNote,
    tag: OAUTH,
    form: tokenForm,
    clientAuthentication: true,
    responses: { 200: { description: "New tokens", body: tokenResponseSchema }, ...oauthErrors() },
  },
  {
    method: "POST",
    path: "/auth/oauth/device/code",
    summary: "Device authorization endpoint",
    description: `Starts the device flow (RFC 8628 §3.1) for a command-line tool or desktop application: show the person \`user_code\` and \`verification_uri\`, then poll the token endpoint every \`interval\` seconds. ${rateLimitNote}`,
    tag: OAUTH,
    form: z.object({
      scope: z.string().optional().describe("Space-separated; absent: every scope the application registered"),
      ...clientFields,
    }),
    clientAuthentication: true,
    responses: { 200: { description: "The codes", body: deviceAuthorizationSchema }, ...oauthErrors() },
  },
  {
    method: "GET",
    path: "/auth/oauth/device",
    summary: "Device verification page",
    description:
      "Where a person signs in, types the code their device shows (or follows `verification_uri_complete`) and approves or declines.",
    tag: OAUTH,
    query: z.object({ user_code: z.string().optional() }),
    responses: {
      200: { description: "The page", contentType: "text/html" },
      429: { description: "Too many requests from this address", contentType: "text/html" },
    },
  },
  {
    method: "POST",
    path: "/auth/oauth/device",
    summary: "Device verification page's forms",
    description:
      "What the device page's forms send: sign in, look up a code, approve or deny it (with the page's CSRF token and its session cookie).",
    tag: OAUTH,
    form: z.object({
      csrf_token: z.string(),
      action: z.enum(["sign_in", "lookup", "approve", "deny"]),
      user_code: z.string().optional(),
      email: z.string().optional(),
      password: z.string().optional(),
    }),
    responses: {
      200: { description: "The next page", contentType: "text/html" },
      303: { description: "Signed in: on to typing the code" },
      400: { description: "An error page", contentType: "text/html" },
      403: { description: "The form did not carry the session's CSRF token: nothing happens", contentType: "text/html" },
      429: { description: "Too many failed attempts from this address", contentType: "text/html" },
    },
  },
  {
    method: "POST",
    path: "/auth/oauth/revoke",
    summary: "Revoke a token",
    description:
      "RFC 7009: an application revokes one of its access or refresh tokens, which ends every token of the same authorization. An unknown or expired token is a 200 too; another client's token is a 400 `unauthorized_client`, and stays valid.",
    tag: OAUTH,
    form: tokenForms,
    clientAuthentication: true,
    responses: { 200: { description: "Revoked (or never valid)" }, ...oauthErrors() },
  },
  {
    method: "POST",
    path: "/auth/oauth/introspect",
    summary: "Introspect a token",
    description: `RFC 7662, for confidential applications, about their own tokens: anyone else's are \`active: false\`. ${rateLimitNote}`,
    tag: OAUTH,
    form: tokenForms,
    clientAuthentication: true,
    responses: { 200: { description: "Whether the token is active, and what it carries", body: introspectionSchema }, ...oauthErrors() },
  },
];
