import { KEY_CACHE_TTL_MS } from "../shared/auth/revocations";
import { ConfigError, loadConfig, type Config } from "../shared/config";
import { openKeyValueStore } from "../shared/kv/open";
import type { KeyValueStore } from "../shared/kv/port";
import { openStore } from "../shared/storage/open";
import type { DocumentStore } from "../shared/storage/port";
import {
  AdminError,
  describeOrganization,
  findOrganization,
  parseOrganizationId,
  parsePlan,
  setOrganizationPlan,
  type PlanChange,
} from "./plans";
import { stintAnswersOn } from "./server-guard";
import { openAccountStores } from "../services/auth/account-stores";

export const USAGE = `Usage: npm run admin -- <command>

  set-plan <org_id> <free|standard|pro|enterprise>   change an organization's plan
  show-org <org_id>                                   show an organization and its plan

Reads the same environment as the server: MONGO_URL, or DATA_DIR for the embedded store
(run it while that server is stopped); REDIS_URL and NAMESPACE, to tell running gateways.`;

export interface AdminOutput {
  out(line: string): void;
  err(line: string): void;
}

type Command =
  { name: "set-plan"; organizationId: string; plan: ReturnType<typeof parsePlan> } | { name: "show-org"; organizationId: string };

function parseCommand(argv: readonly string[]): Command {
  const [name, ...rest] = argv;
  const expectArguments = (count: number) => {
    if (rest.length !== count)
      throw new AdminError(`${name} takes ${count} argument${count === 1 ? "" : "s"}, got ${rest.length}\n\n${USAGE}`, 2);
  };
  switch (name) {
    case "set-plan":
      expectArguments(2);
      return { name, organizationId: parseOrganizationId(rest[0]), plan: parsePlan(rest[1]) };
    case "show-org":
      expectArguments(1);
      return { name, organizationId: parseOrganizationId(rest[0]) };
    default:
      throw new AdminError(name === undefined ? USAGE : `Unknown command: ${JSON.stringify(name)}\n\n${USAGE}`, 2);
  }
}

/** When running gateways see the change, in this deployment (docs/api.md, Plans). */
function whenEffective(config: Config, change: PlanChange): string {
  if (!config.mongoUrl) return "start Stint to apply it";
  if (change.announced) return "every gateway sharing this Redis applies it from the next request";
  return `running gateways apply it to API keys within ${KEY_CACHE_TTL_MS / 1000} seconds and to access tokens issued from now on`;
}

async function refuseWhileEmbeddedServerRuns(config: Config): Promise<void> {
  if (config.mongoUrl) return;
  if (await stintAnswersOn(config.host, config.port)) {
    throw new AdminError(
      `Stint is running on ${config.host}:${config.port} with the embedded store in ${config.dataDir}, which only one process may use at a time: stop Stint, run this again, then start Stint.`,
      1,
    );
  }
}

async function run(command: Command, config: Config, output: AdminOutput): Promise<void> {
  await refuseWhileEmbeddedServerRuns(config);
  let store: DocumentStore | undefined;
  let kv: KeyValueStore | null = null;
  try {
    store = await openStore({ mongoUrl: config.mongoUrl, dataDir: config.dataDir });
    const { organizations } = await openAccountStores(store);
    if (command.name === "show-org") {
      output.out(describeOrganization(await findOrganization(organizations, command.organizationId)));
      return;
    }
    // Counters in memory belong to the server process; only a shared Redis reaches gateways.
    if (config.redisUrl) kv = await openKeyValueStore({ redisUrl: config.redisUrl, namespace: config.namespace });
    const change = await setOrganizationPlan(
      { organizations, kv, accessTokenTtlSeconds: config.accessTokenTtlSeconds },
      command.organizationId,
      command.plan,
    );
    const what = change.previousPlan === command.plan ? `plan already ${command.plan}` : `plan ${change.previousPlan} -> ${command.plan}`;
    output.out(`${change.organization._id} ${JSON.stringify(change.organization.name)}: ${what}; ${whenEffective(config, change)}`);
  } finally {
    await kv?.close();
    await store?.close();
  }
}

/** Runs one command; resolves with the process's exit status. */
export async function runAdmin(argv: readonly string[], env: NodeJS.ProcessEnv, output: AdminOutput): Promise<number> {
  try {
    const command = parseCommand(argv);
    await run(command, loadConfig(env), output);
    return 0;
  } catch (error) {
    if (error instanceof AdminError) {
      output.err(error.message);
      return error.exitCode;
    }
    if (error instanceof ConfigError) {
      output.err(error.message);
      return 2;
    }
    // Connection strings can hold passwords: say what failed, never the URL.
    output.err(`stint-admin failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
