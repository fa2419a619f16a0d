import type { Context, ServiceSchema } from "moleculer";
import { z } from "zod";
import { EVERY_ROLE } from "../../shared/access";
import { guardedAction, respondWithStatus, routedAction } from "../../shared/actions";
import type { TokenSigner } from "../../shared/auth/tokens";
import { identityOf } from "../../shared/context";
import { ApiError } from "../../shared/errors";
import type { Identity } from "../../shared/identity";
import type { KeyValueStore } from "../../shared/kv/port";
import type { DocumentStore } from "../../shared/storage/port";
import { isoSeconds } from "../../shared/time";
import { validate } from "../../shared/validation";
import { createApiKey, listApiKeys, resolveApiKey, revokeApiKey } from "./api-keys";
import { openAccountCollections, presentOrganization, type AccountCollections, type OrganizationDocument } from "./documents";
import { apiKeyByIdInput, createApiKeyInput, listApiKeysInput, loginInput, noInput, refreshInput, registerInput, renameOrganizationInput } from "./inputs";
import { login, logout, refresh, register } from "./sessions";

export interface AuthDependencies {
  store: DocumentStore;
  kv: KeyValueStore;
  signer: TokenSigner;
  refreshTokenTtlDays: number;
}

const resolveApiKeyParams = z.object({ secret: z.string().min(1).max(200) }).strict();

/** Organizations, accounts, sessions and API keys. */
export function authService(deps: AuthDependencies): ServiceSchema {
  let collections: AccountCollections | undefined;
  const db = (): AccountCollections => {
    if (!collections) throw new Error("auth service used before it started");
    return collections;
  };
  const sessions = { signer: deps.signer, refreshTokenTtlDays: deps.refreshTokenTtlDays };

  async function organizationOf(who: Identity): Promise<OrganizationDocument> {
    const organization = await db().organizations.findOne({ _id: who.organizationId });
    if (!organization) throw ApiError.notFound("Organization");
    return organization;
  }

  return {
    name: "auth",
    actions: {
      register: routedAction({
        resource: "Account",
        input: registerInput,
        async handler(input, ctx) {
          const result = await register(db(), sessions, input.body);
          respondWithStatus(ctx, 201);
          return result;
        },
      }),

      login: routedAction({
        resource: "Account",
        input: loginInput,
        handler: (input) => login(db(), sessions, input.body.email, input.body.password),
      }),

      refresh: routedAction({
        resource: "Session",
        input: refreshInput,
        handler: (input) => refresh(db(), sessions, input.body.refresh_token),
      }),

      logout: routedAction({
        resource: "Session",
        input: refreshInput,
        async handler(input, ctx) {
          await logout(db(), input.body.refresh_token);
          respondWithStatus(ctx, 204);
          return null;
        },
      }),

      createApiKey: routedAction({
        resource: "API key",
        input: createApiKeyInput,
        async handler(input, ctx) {
          const key = await createApiKey(db().apiKeys, identityOf(ctx), input.body);
          respondWithStatus(ctx, 201);
          return { data: key };
        },
      }),

      listApiKeys: routedAction({
        resource: "API key",
        input: listApiKeysInput,
        handler: (input, ctx) => listApiKeys(db().apiKeys, identityOf(ctx), { page: input.query.page, per_page: input.query.per_page }),
      }),

      revokeApiKey: routedAction({
        resource: "API key",
        input: apiKeyByIdInput,
        async handler(input, ctx) {
          await revokeApiKey(db().apiKeys, deps.kv, identityOf(ctx), input.params.id);
          respondWithStatus(ctx, 204);
          return null;
        },
      }),

      getOrganization: guardedAction({
        resource: "Organization",
        input: noInput,
        access: { permission: "users:read", roles: EVERY_ROLE },
        handler: async (_input, who) => ({ data: presentOrganization(await organizationOf(who)) }),
      }),

      renameOrganization: guardedAction({
        resource: "Organization",
        input: renameOrganizationInput,
        access: { permission: "users:write", roles: ["owner"] },
        async handler(input, who) {
          const updated = await db().organizations.findOneAndUpdate({ _id: who.organizationId }, { $set: { name: input.body.name, updated_at: isoSeconds() } });
          if (!updated) throw ApiError.notFound("Organization");
          return { data: presentOrganization(updated) };
        },
      }),

      /** For gateways only: who an API key acts as. Not routed. */
      resolveApiKey: {
        visibility: "public",
        handler(ctx: Context<unknown>) {
          const { secret } = validate(resolveApiKeyParams, ctx.params);
          return resolveApiKey(db().apiKeys, db().users, db().organizations, secret);
        },
      },
    },

    async started() {
      collections = await openAccountCollections(deps.store);
    },
  };
}
