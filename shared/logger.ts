import type { Writable } from "node:stream";
import { levels, type Level, type LoggerOptions } from "pino";
import type { Config } from "./config";
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
