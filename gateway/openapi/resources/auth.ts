import { z } from "zod";
import type { createApiKey } from "../../../services/auth/api-keys";
import type { presentApiKey } from "../../../services/auth/documents";
import {
  apiKeyByIdInput,
  createApiKeyInput,
  listApiKeysInput,
  loginInput,
  noInput,
  refreshInput,
  registerInput,
  renameOrganizationInput,
} from "../../../services/auth/inputs";
import { PERMISSIONS } from "../../../shared/identity";
import type { OperationDocs } from "../operation";
import { assertSameShape, idSchema, list, single, timestamp, type SameShape } from "./common";
import { organization, session, tokens } from "./accounts";

const apiKeyFields = {
  id: idSchema("apiKey"),
  name: z.string(),
  permissions: z.array(z.enum(PERMISSIONS)).describe("What the key may do, never beyond its user's role"),
  prefix: z.string().describe("The start of every key: `tt_live_`"),
  last_four: z.string().describe("The key's last four characters, to tell keys apart"),
  user_id: idSchema("user").describe("The user the key acts as"),
  created_at: timestamp,
  last_used_at: timestamp.nullable(),
};

const apiKey = z.object(apiKeyFields).meta({ id: "ApiKey", description: "An API key as shown after its creation: never the key itself" });
assertSameShape<SameShape<z.output<typeof apiKey>, ReturnType<typeof presentApiKey>>>();

const createdApiKey = z
  .object({ ...apiKeyFields, key: z.string().describe("The key itself, shown only in this answer: store it now").meta({ examples: ["tt_live_..."] }) })
  .meta({ id: "CreatedApiKey" });
assertSameShape<SameShape<z.output<typeof createdApiKey>, Awaited<ReturnType<typeof createApiKey>>>>();

const signedIn = "The account, its organization and a new session";
const keysNeedALogin = "API keys are managed with a signed-in user's access token; an API key gets a 403.";

export const authOperations: OperationDocs = {
  "auth.register": {
    summary: "Create an organization and its owner",
    description: "New organizations start on the `free` plan. An email that already has an account is a 409.",
    tag: "Authentication",
    input: registerInput,
    success: { status: 201, description: signedIn, body: session },
    errors: [409],
  },
  "auth.login": {
    summary: "Sign in with email and password",
    tag: "Authentication",
    input: loginInput,
    success: { status: 200, description: signedIn, body: session },
    errors: [401],
  },
  "auth.refresh": {
    summary: "Exchange a refresh token for new tokens",
    description: "A refresh token works once. Presenting a spent one revokes every token of that sign-in.",
    tag: "Authentication",
    input: refreshInput,
    success: { status: 200, description: "A new access token and refresh token", body: tokens },
    errors: [401],
  },
  "auth.logout": {
    summary: "End the sign-in a refresh token belongs to",
    description: "Unknown tokens are accepted too: the outcome is the same.",
    tag: "Authentication",
    input: refreshInput,
    success: { status: 204, description: "Signed out" },
  },
  "auth.getOrganization": {
    summary: "Read the caller's organization",
    tag: "Organization",
    input: noInput,
    success: { status: 200, description: "The organization, with its plan", body: single(organization) },
  },
  "auth.renameOrganization": {
    summary: "Rename the organization",
    description: "The owner only.",
    tag: "Organization",
    input: renameOrganizationInput,
    success: { status: 200, description: "The renamed organization", body: single(organization) },
  },
  "auth.listApiKeys": {
    summary: "List API keys",
    description: `Owners and admins see every key of the organization, members their own. ${keysNeedALogin}`,
    tag: "API keys",
    input: listApiKeysInput,
    success: { status: 200, description: "A page of keys, newest first", body: list(apiKey) },
  },
  "auth.createApiKey": {
    summary: "Create an API key",
    description: `The answer is the only time the key is shown. ${keysNeedALogin}`,
    tag: "API keys",
    input: createApiKeyInput,
    success: { status: 201, description: "The new key, with the key itself", body: single(createdApiKey) },
  },
  "auth.revokeApiKey": {
    summary: "Revoke an API key",
    description: `Takes effect at once, on every gateway. ${keysNeedALogin}`,
    tag: "API keys",
    input: apiKeyByIdInput,
    success: { status: 204, description: "Revoked" },
    parameters: { id: "The key's id (`key_...`)" },
  },
};
