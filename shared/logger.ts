import type { Writable } from "node:stream";
import type { Logger, Middleware, ServiceBroker } from "moleculer";
import { levels, type Level, type LoggerOptions } from "pino";
import { LOG_LEVELS, type Config } from "./config";
import { currentRequestId } from "./request-scope";

/** Fields whose values never reach a log line, at any depth we log. */
const SECRET_FIELDS = [
  "password",
  "token",
  "access_token",
  "refresh_token",
  "secret",
  "client_secret",
  "key",
  "api_key",
  "authorization",
  "cookie",
  "x-api-key",
];

export const REDACTED_PATHS = SECRET_FIELDS.flatMap((field) => {
  const safe = /^[a-z_]+$/.test(field) ? field : `["${field}"]`;
  const join = (prefix: string) => (safe.startsWith("[") ? `${prefix}${safe}` : `${prefix}.${safe}`);
  return [safe, join("*"), join("*.*"), join("headers")];
});

function usePrettyOutput(config: Config): boolean {
  if (config.logFormat === "pretty") return true;
  if (config.logFormat === "json") return false;
  return Boolean(process.stdout.isTTY);
}

export function pinoOptions(config: Config, destination?: Writable): LoggerOptions {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    mixin() {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
    transport:
      !destination && usePrettyOutput(config)
        ? { target: "pino-pretty", options: { colorize: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname,nodeID,ns" } }
        : undefined,
  };
}

/** Whether lines at `level` are written with this configuration: what is not need not be put together. */
export function writesLevel(config: Pick<Config, "logLevel">, level: Level): boolean {
  return (levels.values[level] ?? 0) >= (levels.values[config.logLevel] ?? 0);
}

const writesNothing = () => undefined;

interface LoggerFactory {
  cache: Map<string, Logger>;
  getLogger(bindings: unknown): Logger;
}

function quietUnwritten(logger: Logger, unwritten: readonly Level[]): Logger {
  for (const level of unwritten) logger[level] = writesNothing;
  return logger;
}

/**
 * Moleculer gives every logger a method per level that hands its arguments to the appender,
 * which only then drops what its level does not write; moleculer and moleculer-web call
 * `debug` several times on every request ("Call action locally.", with an object made for
 * it; "Anonymous user"). Here the levels the configuration does not write do nothing at
 * once, in every logger of the broker: those made before this middleware and those after.
 */
export function quietUnwrittenLevels(config: Pick<Config, "logLevel">): Middleware {
  return {
    name: "QuietUnwrittenLevels",
    created(broker: ServiceBroker) {
      const factory = (broker as unknown as { loggerFactory?: LoggerFactory }).loggerFactory;
      const unwritten = LOG_LEVELS.filter((level) => !writesLevel(config, level));
      if (!factory || unwritten.length === 0) return;
      for (const logger of factory.cache.values()) quietUnwritten(logger, unwritten);
      const getLogger = factory.getLogger.bind(factory);
      factory.getLogger = (bindings) => quietUnwritten(getLogger(bindings), unwritten);
    },
  };
}
