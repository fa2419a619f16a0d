import type { IncomingMessage } from "node:http";
import { DEVELOPMENT_IDENTITY, type Identity } from "../shared/identity";

/**
 * The one place a request becomes an identity. Accounts, tokens and API keys replace
 * this body; the gateway calls it once per request and hands the result to services.
 * Until then every caller acts as the owner of the single development organization.
 */
export async function authenticate(_req: IncomingMessage): Promise<Identity> {
  return DEVELOPMENT_IDENTITY;
}
