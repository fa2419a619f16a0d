import type { ServiceSchema } from "moleculer";
import { OAUTH_ACCESS_TOKEN_TTL_SECONDS } from "../../shared/auth/tokens";
import { internalActions, type Caller } from "../../shared/client";
import { routedActions } from "../../shared/operations";
import { requireStore, stintService, type ServiceDependencies } from "../../shared/service";
import { accountOf, verifyCredentials } from "./accounts";
import { createApiKey, listApiKeys, resolveApiKey, revokeApiKey } from "./api-keys";
import { authClient } from "./client";
import { DAY_MS, sweepPeriodically } from "../../shared/sweep";
import { emailTaken, getUser, isMember, listUsers, namesOf, removeUser, resolveUsers, setRole, type CredentialRevocation } from "./members";
import { authOperations } from "./operations";
import { getOrganization, moneySettings, screenshotRetentions, updateOrganization, type DefaultRate } from "./organizations";
import { projectsClient } from "../projects/client";
import { createMember, login, logout, refresh, register, type SessionSettings } from "./sessions";
import { openAccountStores, type AccountStores } from "./account-stores";

/** The organization's default rate, kept by the projects service with every other rate. */
function defaultRateOver(caller: Caller): DefaultRate {
  const projects = projectsClient.over(caller);
  return {
    today: async (organizationId) => (await projects.ratesToday({ organizationId })).organization,
    set: async (organizationId, hourlyRate) => {
      await projects.setRate({ organizationId, level: "organization", hourlyRate });
    },
  };
}

/** Wiring only: account data (organizations, users, sessions, API keys), its operations and the calls others make on it. */
export function authService(deps: ServiceDependencies): ServiceSchema {
  const store = requireStore(deps);
  const sessions: SessionSettings = { signer: deps.signer, refreshTokenTtlDays: deps.config.refreshTokenTtlDays };
  // A removed user's OAuth access tokens live longer than sign-in ones: the marks must outlive both.
  const revocation: CredentialRevocation = {
    kv: deps.kv,
    tokenTtlSeconds: Math.max(deps.signer.ttlSeconds, OAUTH_ACCESS_TOKEN_TTL_SECONDS),
  };

  const keepAfterExpiryMs = deps.config.expiredRecordRetentionDays * DAY_MS;
  let stopSweeping: (() => void) | undefined;

  return stintService<AccountStores>({
    name: authOperations.service,
    open: async (service) => {
      const stores = await openAccountStores(store);
      stopSweeping = sweepPeriodically(
        "refresh tokens",
        () => stores.refreshTokens.prune(Date.now(), keepAfterExpiryMs),
        service.logger,
        deps.config.cleanupIntervalSeconds * 1000,
      );
      return stores;
    },
    close: async () => {
      stopSweeping?.();
    },

    actions: (started) => ({
      ...routedActions(authOperations, {
        register: (input) => register(started(), sessions, input.body),
        login: (input) => login(started(), sessions, input.body.email, input.body.password),
        refresh: (input) => refresh(started(), sessions, input.body.refresh_token),
        logout: async (input) => {
          await logout(started(), input.body.refresh_token);
          return null;
        },
        getOrganization: async (_input, who, ctx) => ({ data: await getOrganization(started().organizations, who, defaultRateOver(ctx)) }),
        updateOrganization: async (input, who, ctx) => ({
          data: await updateOrganization(started().organizations, who, input.body, defaultRateOver(ctx)),
        }),
        listApiKeys: (input, who) => listApiKeys(started().apiKeys, who, input.query),
        createApiKey: async (input, who, ctx) => ({ data: await createApiKey(started().apiKeys, who, input.body, ctx.meta) }),
        revokeApiKey: async (input, who) => {
          await revokeApiKey(started().apiKeys, deps.kv, who, input.params.id);
          return null;
        },
      }),
      ...internalActions(authClient, {
        resolveApiKey: (input) => resolveApiKey(started(), input.secret),
        isMember: (input) => isMember(started(), input.organizationId, input.userId),
        namesOf: (input) => namesOf(started(), input.organizationId, input.userIds),
        resolveUsers: (input) => resolveUsers(started(), input.organizationId, input.emails, input.names),
        listUsers: (input) => listUsers(started(), input),
        getUser: (input) => getUser(started(), input.organizationId, input.userId),
        setRole: (input) => setRole(started(), revocation, input.organizationId, input.userId, input.role),
        removeUser: (input) => removeUser(started(), revocation, input.organizationId, input.userId),
        emailTaken: (input) => emailTaken(started(), input.email),
        createMember: (input) => createMember(started(), sessions, input),
        verifyPassword: (input) => verifyCredentials(started(), input.email, input.password),
        refreshSession: (input) => refresh(started(), sessions, input.refreshToken),
        endSession: async (input) => {
          await logout(started(), input.refreshToken);
          return null;
        },
        accountOf: (input) => accountOf(started(), input.userId),
        screenshotRetentions: () => screenshotRetentions(started().organizations),
        moneySettings: (input) => moneySettings(started().organizations, input.organizationId),
      }),
    }),
  });
}
