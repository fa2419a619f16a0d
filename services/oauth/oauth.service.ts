import type { ServiceSchema } from "moleculer";
import { internalActions } from "../../shared/client";
import { routedActions } from "../../shared/operations";
import { requireStore, stintService, type ServiceDependencies } from "../../shared/service";
import { authClient } from "../auth/client";
import { createApplication, deleteApplication, getApplication, listApplications, rotateSecret, updateApplication } from "./applications";
import { listAuthorizations, revokeAuthorization } from "./authorizations";
import { oauthClient } from "./client";
import { authenticateClient } from "./client-authentication";
import { systemClock } from "./clock";
import { startDeviceAuthorization } from "./device-flow";
import type { GrantSettings } from "./grants";
import { oauthOperations } from "./operations";
import { authorizationForm, authorizationPage, deviceForm, devicePage, type PageSettings } from "./pages";
import { sweepPeriodically } from "../../shared/sweep";
import { retentionAges, sweepOAuth } from "./sweep";
import { token } from "./token-endpoint";
import { introspect, revoke } from "./token-management";
import { openOAuthStores, type OAuthStores } from "./oauth-stores";

/** Wiring only: OAuth applications, grants and tokens, the portal's operations and the gateway's protocol calls. */
export function oauthService(deps: ServiceDependencies): ServiceSchema {
  const store = requireStore(deps);
  const clock = systemClock;
  const grants: GrantSettings = { signer: deps.signer, kv: deps.kv, refreshTokenTtlDays: deps.config.refreshTokenTtlDays, clock };
  const ages = retentionAges(deps.config.refreshTokenTtlDays);
  let stopSweeping: (() => void) | undefined;

  return stintService<OAuthStores>({
    name: oauthOperations.service,
    open: async (service) => {
      const stores = await openOAuthStores(store);
      stopSweeping = sweepPeriodically(
        "OAuth",
        () => sweepOAuth(stores, ages, clock),
        service.logger,
        deps.config.cleanupIntervalSeconds * 1000,
      );
      return stores;
    },
    close: async () => {
      stopSweeping?.();
    },

    actions: (started) => {
      const pagesOver = (ctx: Parameters<typeof authClient.over>[0]): PageSettings => ({
        kv: deps.kv,
        accountOf: (userId) => authClient.over(ctx).accountOf({ userId }),
        verifyPassword: (email, password) => authClient.over(ctx).verifyPassword({ email, password }),
        clock,
      });
      return {
        ...routedActions(oauthOperations, {
          listApplications: (input, who) => listApplications(started(), who, input.query),
          createApplication: async (input, who, ctx) => ({ data: await createApplication(started(), who, input.body, ctx.meta) }),
          getApplication: async (input, who) => ({ data: await getApplication(started(), who, input.params.id) }),
          updateApplication: async (input, who) => ({
            data: await updateApplication(started(), deps.kv, who, input.params.id, input.body),
          }),
          deleteApplication: async (input, who) => {
            await deleteApplication(started(), deps.kv, who, input.params.id);
            return null;
          },
          rotateSecret: async (input, who) => ({ data: await rotateSecret(started(), who, input.params.id) }),
          listAuthorizations: (input, who) => listAuthorizations(started(), who, input.query),
          revokeAuthorization: async (input, who) => {
            await revokeAuthorization(started(), deps.kv, who, input.params.client_id);
            return null;
          },
        }),
        ...internalActions(oauthClient, {
          authenticateClient: async (input) => {
            const client = await authenticateClient(started().applications, input.form, input.basic);
            return client.ok
              ? { ok: true as const, body: { clientId: client.body.client_id, clientType: client.body.client_type } }
              : client;
          },
          authorizationPage: (input, ctx) => authorizationPage(started(), pagesOver(ctx), input),
          authorizationForm: (input, ctx) => authorizationForm(started(), pagesOver(ctx), input),
          devicePage: (input, ctx) => devicePage(started(), pagesOver(ctx), input),
          deviceForm: (input, ctx) => deviceForm(started(), pagesOver(ctx), input),
          token: (input, ctx) => token(started(), grants, (userId) => authClient.over(ctx).accountOf({ userId }), input.form, input.basic),
          deviceAuthorization: (input) => startDeviceAuthorization(started(), input.form, input.basic, input.verificationUri, clock),
          revoke: (input) => revoke(started(), grants, input.form, input.basic),
          introspect: (input) => introspect(started(), grants, input.form, input.basic, input.issuer),
        }),
      };
    },
  });
}
