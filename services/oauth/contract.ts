/**
 * What the oauth service shows the world: the shapes of applications, authorizations and the
 * protocol's answers, what its pages show (as data the gateway renders), and the constants the
 * gateway's metadata document names. Imports only `shared/` and packages, so the gateway can
 * load it without loading the service.
 */
import { z } from "zod";
import { PERMISSIONS, type Permission } from "../../shared/identity";
import { assertSameShape, idSchema, timestamp, type SameShape } from "../../shared/schemas";

export type ClientType = "confidential" | "public";
export type ApplicationStatus = "active" | "disabled";

/** An application as the developer portal shows it: never a secret. */
export interface Application {
  id: string;
  name: string;
  status: ApplicationStatus;
  /** `YYYY-MM-DD`. */
  created_at: string;
  client_id: string;
  client_type: ClientType;
  redirect_uris: string[];
  homepage_url: string | null;
  scopes: Permission[];
}

/** As creation and rotation answer it: the one time the secret is shown. */
export type ApplicationWithSecret = Application & { client_secret: string | null };

const applicationFields = {
  id: idSchema("oauthApplication"),
  name: z.string(),
  status: z.enum(["active", "disabled"]).describe("A disabled application cannot authorize anyone, and its tokens stop at once"),
  created_at: z
    .string()
    .regex(/^\d{4}-\d\d-\d\d$/)
    .meta({ format: "date", examples: ["2026-11-21"] }),
  client_id: idSchema("oauthClient").describe("The application's public identifier in OAuth requests"),
  client_type: z
    .enum(["confidential", "public"])
    .describe(
      "`confidential` applications keep a secret on a server; `public` ones (browser, mobile, command line) cannot, and must use PKCE",
    ),
  redirect_uris: z
    .array(z.string())
    .describe("Where the authorization endpoint may send the user back; matched exactly, but for the port of a loopback IP address"),
  homepage_url: z.string().nullable(),
  scopes: z.array(z.enum(PERMISSIONS)).describe("The most the application may ask for; each user grants at most their role's permissions"),
};

export const applicationSchema = z
  .object(applicationFields)
  .meta({ id: "OAuthApplication", description: "An OAuth application of the organization: never its secret" });
assertSameShape<SameShape<z.output<typeof applicationSchema>, Application>>();

export const applicationWithSecretSchema = z
  .object({
    ...applicationFields,
    client_secret: z
      .string()
      .nullable()
      .describe("Shown only in this answer: store it now. `null` for public applications, which have none")
      .meta({ examples: ["cls_..."] }),
  })
  .meta({ id: "OAuthApplicationWithSecret" });
assertSameShape<SameShape<z.output<typeof applicationWithSecretSchema>, ApplicationWithSecret>>();

/** The applications a person has authorized. */

export interface Authorization {
  client_id: string;
  name: string;
  homepage_url: string | null;
  scopes: Permission[];
  authorized_at: string;
}

export const authorizationSchema = z
  .object({
    client_id: idSchema("oauthClient"),
    name: z.string().describe("The application's name"),
    homepage_url: z.string().nullable(),
    scopes: z.array(z.enum(PERMISSIONS)).describe("What the person granted it (its tokens also stay within the person's role)"),
    authorized_at: timestamp,
  })
  .meta({ id: "OAuthAuthorization", description: "An application the caller has authorized" });
assertSameShape<SameShape<z.output<typeof authorizationSchema>, Authorization>>();

/**
 * The answers of the OAuth endpoints that take form bodies (token, revocation,
 * introspection, device authorization). They are not ordinary operations: errors have
 * RFC 6749's shape, so the service hands the gateway a status and a body to send as they are.
 */

export const OAUTH_ERRORS = [
  "invalid_request",
  "invalid_client",
  "invalid_grant",
  "unauthorized_client",
  "unsupported_grant_type",
  "invalid_scope",
  "unsupported_token_type",
  "authorization_pending",
  "slow_down",
  "access_denied",
  "expired_token",
  "temporarily_unavailable",
  "server_error",
] as const;
export type OAuthErrorCode = (typeof OAUTH_ERRORS)[number];

export interface OAuthErrorBody {
  error: OAuthErrorCode;
  error_description: string;
}

export const oauthErrorSchema = z
  .object({
    error: z.enum(OAUTH_ERRORS),
    error_description: z.string().describe("For the developer; not shown to people"),
  })
  .meta({ id: "OAuthError", description: "An error in the form of RFC 6749 §5.2" });

export interface ProtocolFailure {
  ok: false;
  status: 400 | 401;
  body: OAuthErrorBody;
  /** A client's secret (or id) was wrong: counted like a failed sign-in against the address. */
  clientAuthenticationFailed?: boolean;
}

export type ProtocolResult<T> = { ok: true; body: T } | ProtocolFailure;

/** A form's fields; the gateway refuses a field sent twice (RFC 6749 §3.1) before they get here. */
export type FormFields = Record<string, string>;

export const formFields = z.record(z.string().max(100), z.string().max(4096));

/** HTTP Basic client authentication, as the gateway read it from `Authorization` (already form-decoded). */
export const basicCredentials = z
  .object({ clientId: z.string().max(200), clientSecret: z.string().max(200) })
  .strict()
  .optional();
export type BasicCredentials = z.output<typeof basicCredentials>;

/** The token endpoint's answer (RFC 6749 §5.1). */
export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export const tokenResponseSchema = z
  .object({
    access_token: z.string().describe("Send as `Authorization: Bearer <access_token>`; it may do what `scope` names"),
    token_type: z.literal("Bearer"),
    expires_in: z.int().min(1).max(Number.MAX_SAFE_INTEGER).describe("Seconds until the access token expires: 3600"),
    refresh_token: z
      .string()
      .describe("Good for one refresh; each refresh returns a new one. A spent one used again revokes the whole chain"),
    scope: z.string().describe("The scopes granted, space-separated: those asked for that the user's role allows"),
  })
  .meta({ id: "OAuthTokens" });
assertSameShape<SameShape<z.output<typeof tokenResponseSchema>, TokenResponse>>();

/** The device authorization grant (RFC 8628). */

export const DEVICE_CODE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";

export interface DeviceAuthorization {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

export const deviceAuthorizationSchema = z
  .object({
    device_code: z.string().describe("For the token endpoint, with grant_type `urn:ietf:params:oauth:grant-type:device_code`"),
    user_code: z
      .string()
      .describe("What the person types at `verification_uri`, such as `BCDF-GHJK`")
      .meta({ examples: ["BCDF-GHJK"] }),
    verification_uri: z.string().describe("The page where a signed-in person enters the code"),
    verification_uri_complete: z.string().describe("The same page with the code filled in, for a link or a QR code"),
    expires_in: z.int().min(1).max(86_400).describe("Seconds the codes stay valid: 600"),
    interval: z.int().min(1).max(3_600).describe("Seconds to wait between polls of the token endpoint"),
  })
  .meta({ id: "OAuthDeviceAuthorization" });
assertSameShape<SameShape<z.output<typeof deviceAuthorizationSchema>, DeviceAuthorization>>();

export interface Introspection {
  active: boolean;
  scope?: string;
  client_id?: string;
  sub?: string;
  token_type?: "Bearer" | "refresh_token";
  exp?: number;
  iat?: number;
  iss?: string;
  aud?: string;
}

export const introspectionSchema = z
  .object({
    active: z.boolean().describe("Whether the token is valid now; every other field is present only when it is"),
    scope: z.string().optional(),
    client_id: z.string().optional(),
    sub: z.string().optional().describe("The user the token acts as"),
    token_type: z.enum(["Bearer", "refresh_token"]).optional(),
    exp: z.int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    iat: z.int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    iss: z.string().optional(),
    aud: z.string().optional(),
  })
  .meta({ id: "OAuthIntrospection", description: "RFC 7662 §2.2; an application learns only about its own tokens" });

/**
 * `prompt` as OpenID Connect defines it, which Stint follows though it is a plain OAuth
 * server: `none` shows no page (a person who is not signed in, or whose consent is needed,
 * goes back with `login_required` or `consent_required`), `login` asks for the password
 * again, `consent` shows the consent page even when consent is remembered.
 */
export const PROMPT_VALUES = ["none", "login", "consent"] as const;

export interface ScopeInWords {
  scope: Permission;
  words: string;
}

/**
 * What an OAuth page should show, as data: the gateway renders it. Every outcome carries
 * the page session, so the gateway can keep the cookie and put the CSRF token in its forms.
 */

export interface ApplicationInWords {
  name: string;
  homepage_url: string | null;
}

export interface SignedInUser {
  name: string;
  email: string;
}

export type PageView =
  /** Something the person must be told, with no way on: never a redirect. */
  | { kind: "error"; status: 400 | 403; message: string }
  /** Back to the application (302). */
  | { kind: "redirect"; location: string }
  /** Show the same page again with these parameters (303 after a form). */
  | { kind: "continue"; params: Record<string, string> }
  /**
   * `redirectUri`, on the authorization page: where its forms may end up. After signing in (or
   * a decision) the browser follows redirects to the application, and browsers hold those
   * redirects to the page's `form-action` too, so the page must allow it.
   */
  | { kind: "sign_in"; failed: boolean; params: Record<string, string>; redirectUri?: string }
  | {
      kind: "consent";
      application: ApplicationInWords;
      scopes: ScopeInWords[];
      user: SignedInUser;
      params: Record<string, string>;
      redirectUri: string;
    }
  /** The device verification page: type the code. `unknownCode` after a code that matched nothing. */
  | { kind: "device_entry"; userCode: string; unknownCode: boolean; user: SignedInUser }
  | { kind: "device_confirm"; application: ApplicationInWords; scopes: ScopeInWords[]; userCode: string; user: SignedInUser }
  | { kind: "device_done"; approved: boolean; application: ApplicationInWords };

export type PageOutcome = PageView & { session: { token: string; csrf: string } };
