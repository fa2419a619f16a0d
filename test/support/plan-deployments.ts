import { setOrganizationPlan } from "../../cli/plans";
import { openAccountStores } from "../../services/auth/account-stores";
import { loadConfig } from "../../shared/config";
import type { Plan } from "../../shared/identity";
import type { KeyValueStore } from "../../shared/kv/port";
import { openKeyValueStore } from "../../shared/kv/open";
import { openStore } from "../../shared/storage/open";
import { useStint, type StintMode, type SuiteStint } from "./stint";

/**
 * A suite's Stint whose organizations' plans a test changes the way the operator does: with
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
}

const { accessTokenTtlSeconds } = loadConfig({});

/**
 * Embedded, the store belongs to one process, so a plan changes as the operator does it: stop
 * Stint, run the tool on `DATA_DIR`, start Stint. Distributed, the tool runs beside it on
 * MongoDB and tells the gateways through Redis.
 */
export function usePlanDeployment(mode: StintMode): PlanDeployment {
  const stint = useStint({ mode, label: "plans" });
  return {
    url: () => stint.url,
    announcesToGateways: mode === "distributed",
    setPlan: (organizationId, plan) =>
      mode === "embedded"
        ? stint.restart(() => setPlanInStore(stint, null, organizationId, plan))
        : withKeyValueStore(stint, (kv) => setPlanInStore(stint, kv, organizationId, plan)),
  };
}

async function setPlanInStore(stint: SuiteStint, kv: KeyValueStore | null, organizationId: string, plan: Plan): Promise<void> {
  const store = await openStore(stint.mode === "embedded" ? { dataDir: stint.dataDir } : { mongoUrl: stint.servers.mongoUrl, dataDir: "" });
  try {
    const { organizations } = await openAccountStores(store);
    await setOrganizationPlan({ organizations, kv, accessTokenTtlSeconds }, organizationId, plan);
  } finally {
    await store.close();
  }
}

async function withKeyValueStore(stint: SuiteStint, work: (kv: KeyValueStore) => Promise<void>): Promise<void> {
  const kv = await openKeyValueStore({ redisUrl: stint.servers.redisUrl, namespace: stint.servers.namespace });
  try {
    await work(kv);
  } finally {
    await kv.close();
  }
}
