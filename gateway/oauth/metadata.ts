import { PERMISSIONS } from "../../shared/identity";
import { DEVICE_CODE_GRANT, PROMPT_VALUES } from "../../services/oauth/client";

/** Where the protocol's endpoints live: under Style B's mount, as docs/api.md#oauth-20 lists them. */
export const OAUTH_BASE = "/api/auth/oauth";
export const METADATA_PATH = "/.well-known/oauth-authorization-server";

/**
 * Where the metadata is served. RFC 8414 §3.1: for an issuer with a path
 * (`https://example.com/stint`) it is `/.well-known/oauth-authorization-server/stint`, at the
 * root of the host, so a proxy that hands the gateway only `/stint/...` must route that path
 * to it too. The plain path stays served (what such a proxy turns `/stint/.well-known/...` into).
 */
export function metadataPaths(publicUrl: string | undefined): string[] {
  const path = publicUrl ? new URL(publicUrl).pathname.replace(/\/+$/, "") : "";
  return path === "" ? [METADATA_PATH] : [METADATA_PATH, `${METADATA_PATH}${path}`];
}

/** RFC 8414 §2: the authorization server's metadata, for client libraries to discover it. */
export function authorizationServerMetadata(issuer: string): Record<string, unknown> {
  const at = (path: string) => `${issuer}${OAUTH_BASE}${path}`;
  const clientAuthentication = ["client_secret_basic", "client_secret_post", "none"];
  return {
    issuer,
    authorization_endpoint: at("/authorize"),
    token_endpoint: at("/token"),
    device_authorization_endpoint: at("/device/code"),
    revocation_endpoint: at("/revoke"),
    introspection_endpoint: at("/introspect"),
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token", DEVICE_CODE_GRANT],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: clientAuthentication,
    revocation_endpoint_auth_methods_supported: clientAuthentication,
    introspection_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    scopes_supported: [...PERMISSIONS],
    authorization_response_iss_parameter_supported: true,
    prompt_values_supported: [...PROMPT_VALUES],
    service_documentation: `${issuer}/docs`,
  };
}
