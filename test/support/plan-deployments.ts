import { startStint, type RunningStint } from "../../app";
import { setOrganizationPlan } from "../../cli/plans";
import { loadConfig } from "../../shared/config";
import type { Plan } from "../../shared/identity";
import { openKeyValueStore } from "../../shared/kv/open";
import { openStore } from "../../shared/storage/open";
import { startDistributed, temporaryDir, TEST_JWT_SECRET } from "./stint";
import { openAccountStores } from "../../services/auth/account-stores";

/**
 * A deployment whose organizations' plans a test changes the way the operator does: with
 * `setOrganizationPlan`, the function behind `npm run admin -- set-plan`, on the
 * deployment's own store and key-value store.
 */
export interface PlanDeployment {
  /** The gateway's address now; an embedded deployment gets a new one when it restarts. */
  url(): string;
  setPlan(organizationId: string, plan: Plan): Promise<void>;
  /**
   * True when the gateways share Redis, where the tool announces the change: then
   * credentials issued before it follow it at once. Otherwise the running process learns it
   * from the store (an embedded one on its restart).
   */
  announcesToGateways: boolean;
  stop(): Promise<void>;
}

/**
 * Everything in one process on the embedded store. The store belongs to one process, so a
 * plan changes as the operator does it: stop Stint, run the tool on `DATA_DIR`, start Stint.
 */
export async function embeddedPlanDeployment(): Promise<PlanDeployment> {
  const data = temporaryDir("plans");
  const config = loadConfig({
    PORT: "0",
    LOG_LEVEL: "fatal",
    LOG_FORMAT: "json",
    JWT_SECRET: TEST_JWT_SECRET,
    TRUSTED_PROXIES: "127.0.0.1,::1",
    DATA_DIR: data.path,
  });
  let running: RunningStint = await startStint(config);
  const url = () => {
    if (!running.url) throw new Error("the gateway did not start");
    return running.url;
  };
  return {
    url,
    announcesToGateways: false,
    async setPlan(organizationId, plan) {
      await running.stop();
      const store = await openStore({ dataDir: config.dataDir });
      try {
        const { organizations } = await openAccountStores(store);
        await setOrganizationPlan({ organizations, kv: null, accessTokenTtlSeconds: config.accessTokenTtlSeconds }, organizationId, plan);
      } finally {
        await store.close();
      }
      running = await startStint(config);
    },
    async stop() {
      await running.stop();
      data.remove();
    },
  };
}

/** The gateway and the services over NATS, with MongoDB and Redis, changed while they run. */
export async function distributedPlanDeployment(servers: { mongoUrl: string; natsUrl: string; redisUrl: string }): Promise<PlanDeployment> {
  const stint = await startDistributed(servers);
  const namespace = stint.stints[0]?.broker.namespace;
  if (!namespace) throw new Error("the deployment has no bus namespace");
  return {
    url: () => stint.url,
    announcesToGateways: true,
    async setPlan(organizationId, plan) {
      const store = await openStore({ mongoUrl: servers.mongoUrl, dataDir: "" });
      const kv = await openKeyValueStore({ redisUrl: servers.redisUrl, namespace });
      try {
        const { organizations } = await openAccountStores(store);
        await setOrganizationPlan({ organizations, kv, accessTokenTtlSeconds: 900 }, organizationId, plan);
      } finally {
        await kv.close();
        await store.close();
      }
    },
    stop: () => stint.stop(),
  };
}
