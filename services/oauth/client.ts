import { z } from "zod";
import { defineClient, internalAction } from "../../shared/client";
import {
  basicCredentials,
  formFields,
  type ClientType,
  type DeviceAuthorization,
  type Introspection,
  type PageOutcome,
  type ProtocolResult,
  type TokenResponse,
} from "./contract";

/**
 * Who owns OAuth: the OAUTH service. Applications, authorization codes, consents, device
 * codes and OAuth refresh tokens live in its collections. The gateway serves the protocol's
 * endpoints and pages itself (form bodies, RFC 6749 errors, HTML) and calls these actions for
 * every decision; page sessions are kept here too, in the shared key-value store.
 */

const params = z.record(z.string().max(100), z.string().max(4096));
const session = z.string().max(200).optional();
const issuer = z.string().max(2048);
const protocolCall = z.object({ form: formFields, basic: basicCredentials }).strict();

/** Who a protocol request's client is, once its credentials are checked. */
export interface AuthenticatedClient {
  clientId: string;
  clientType: ClientType;
}

export const oauthClient = defineClient("oauth", {
  /** Client authentication alone (RFC 6749 §2.3), so the gateway can count a confidential client's requests only once it is proved. */
  authenticateClient: internalAction(protocolCall).returning<ProtocolResult<AuthenticatedClient>>(),
  /** GET of the authorization endpoint. `repeated` names query parameters sent more than once. */
  authorizationPage: internalAction(
    z.object({ session, query: params, repeated: z.array(z.string().max(100)).max(50), issuer }).strict(),
  ).returning<PageOutcome>(),
  /** POST of the authorization page's forms (sign in, approve, deny). */
  authorizationForm: internalAction(z.object({ session, form: params, issuer }).strict()).returning<PageOutcome>(),
  /** GET of the device verification page. */
  devicePage: internalAction(z.object({ session, userCode: z.string().max(100).optional() }).strict()).returning<PageOutcome>(),
  /** POST of the device page's forms (sign in, look up a code, approve, deny). */
  deviceForm: internalAction(z.object({ session, form: params }).strict()).returning<PageOutcome>(),
  token: internalAction(protocolCall).returning<ProtocolResult<TokenResponse>>(),
  deviceAuthorization: internalAction(protocolCall.extend({ verificationUri: z.string().max(2048) })).returning<
    ProtocolResult<DeviceAuthorization>
  >(),
  revoke: internalAction(protocolCall).returning<ProtocolResult<null>>(),
  introspect: internalAction(protocolCall.extend({ issuer })).returning<ProtocolResult<Introspection>>(),
});

export type {
  ApplicationInWords,
  OAuthErrorBody,
  PageOutcome,
  PageView,
  ProtocolFailure,
  ProtocolResult,
  ScopeInWords,
  SignedInUser,
} from "./contract";
export { DEVICE_CODE_GRANT, PROMPT_VALUES } from "./contract";
