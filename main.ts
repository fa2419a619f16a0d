import { startStint } from "./app";
import { ConfigError, loadConfig, type Config } from "./shared/config";

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const stint = await startStint(config).catch((error: unknown) => {
    // Connection strings can hold passwords: say what failed, never the URL.
    process.stderr.write(`Stint could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
  const logger = stint.broker.getLogger("stint");
  logger.info(
    {
      mode: stint.mode,
      services: config.services,
      url: stint.url,
      store: config.mongoUrl ? "mongodb" : config.dataDir,
      bus: config.natsUrl ? "nats" : "in-process",
      counters: config.redisUrl ? "redis" : "memory",
      health: stint.healthUrl,
    },
    stint.url ? `Stint is listening on ${stint.url} (${stint.mode} mode)` : `Stint services started (${stint.mode} mode)`,
  );

  let signalled = false;
  const shutdown = (signal: string) => {
    if (signalled) return;
    signalled = true;
    logger.info({ signal }, "shutting down: draining in-flight requests");
    stint.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

void main();
