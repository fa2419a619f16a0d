/**
 * Every setting Stint reads from its environment, each declared once with its
 * environment name, its documentation line and its default. The README's
 * configuration table is generated from this list (see `configurationTable`), and a
 * test keeps the two equal.
 */

import type { S3Settings } from "./blob/s3";
import { KEY_CACHE_TTL_MS } from "./auth/revocations";
import { parseIpRange } from "./net/ip";

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid configuration: ${variable} ${reason}`);
    this.name = "ConfigError";
  }
}

interface Setting<T> {
  env: string;
  doc: string;
  /** Shown in the README; `undefined` means "unset". */
  defaultText: string;
  parse(raw: string | undefined, variable: string): T;
}

function text(env: string, doc: string, fallback: string): Setting<string> {
  return {
    env,
    doc,
    defaultText: fallback === "" ? "(unset)" : `\`${fallback}\``,
    parse: (raw) => (raw === undefined || raw === "" ? fallback : raw),
  };
}

function optionalUrl(env: string, doc: string, schemes: string[]): Setting<string | undefined> {
  return {
    env,
    doc,
    defaultText: "(unset)",
    parse(raw, variable) {
      if (raw === undefined || raw === "") return undefined;
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        throw new ConfigError(variable, "is not a URL");
      }
      const scheme = url.protocol.replace(/:$/, "");
      if (!schemes.includes(scheme)) {
        throw new ConfigError(variable, `must use one of the schemes ${schemes.join(", ")}`);
      }
      return raw;
    },
  };
}

/** A folder whose default is worked out where it is used (it depends on where the code runs). */
function optionalFolder(env: string, doc: string, defaultText: string): Setting<string | undefined> {
  return {
    env,
    doc,
    defaultText,
    parse: (raw) => (raw === undefined || raw.trim() === "" ? undefined : raw),
  };
}

function secret(env: string, doc: string): Setting<string | undefined> {
  return {
    env,
    doc,
    defaultText: "(unset)",
    parse(raw, variable) {
      if (raw === undefined || raw === "") return undefined;
      if (raw.length < 32) throw new ConfigError(variable, "must be at least 32 characters long");
      return raw;
    },
  };
}

function integer(env: string, doc: string, fallback: number, min: number, max: number): Setting<number> {
  return {
    env,
    doc,
    defaultText: `\`${fallback}\``,
    parse(raw, variable) {
      if (raw === undefined || raw === "") return fallback;
      if (!/^\d+$/.test(raw)) throw new ConfigError(variable, `must be a whole number, got "${raw}"`);
      const value = Number(raw);
      if (value < min || value > max) throw new ConfigError(variable, `must be between ${min} and ${max}`);
      return value;
    },
  };
}

/** A TCP port, or nothing: unset turns off what listens on it. `0` lets the kernel choose. */
function optionalPort(env: string, doc: string): Setting<number | undefined> {
  return {
    env,
    doc,
    defaultText: "(unset)",
    parse(raw, variable) {
      if (raw === undefined || raw === "") return undefined;
      if (!/^\d+$/.test(raw)) throw new ConfigError(variable, `must be a whole number, got "${raw}"`);
      const value = Number(raw);
      if (value > 65535) throw new ConfigError(variable, "must be between 0 and 65535");
      return value;
    },
  };
}

/** `true` or `false`; anything else stops start-up rather than being guessed at. */
function flag(env: string, doc: string, fallback: boolean): Setting<boolean> {
  return {
    env,
    doc,
    defaultText: `\`${fallback}\``,
    parse(raw, variable) {
      if (raw === undefined || raw === "") return fallback;
      if (raw !== "true" && raw !== "false") throw new ConfigError(variable, `must be true or false, got "${raw}"`);
      return raw === "true";
    },
  };
}

function oneOf<T extends string>(env: string, doc: string, fallback: T, values: readonly T[]): Setting<T> {
  return {
    env,
    doc,
    defaultText: `\`${fallback}\``,
    parse(raw, variable) {
      if (raw === undefined || raw === "") return fallback;
      if (!(values as readonly string[]).includes(raw)) {
        throw new ConfigError(variable, `must be one of ${values.join(", ")}, got "${raw}"`);
      }
      return raw as T;
    },
  };
}

/** Names accepted in `SERVICES`; `all` stands for every one of them. */
export const SERVICE_NAMES = [
  "gateway",
  "auth",
  "users",
  "projects",
  "timeEntries",
  "webhooks",
  "reports",
  "imports",
  "screenshots",
  "oauth",
  "system",
  "events",
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** Every service but the gateway: what a "services" process runs in a split deployment. */
export const BACKEND_SERVICES: readonly ServiceName[] = SERVICE_NAMES.filter((name) => name !== "gateway");

function serviceList(env: string, doc: string): Setting<ServiceName[]> {
  return {
    env,
    doc,
    defaultText: "`all`",
    parse(raw, variable) {
      if (raw === undefined || raw.trim() === "" || raw.trim() === "all") return [...SERVICE_NAMES];
      const names = raw
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean);
      for (const name of names) {
        if (!(SERVICE_NAMES as readonly string[]).includes(name)) {
          throw new ConfigError(variable, `names an unknown service "${name}" (known: ${SERVICE_NAMES.join(", ")}, all)`);
        }
      }
      return [...new Set(names)] as ServiceName[];
    },
  };
}

/** The entries of a comma-separated value, trimmed, without empty ones. */
const commaSeparated = (raw: string | undefined): string[] =>
  (raw ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);

/** IP addresses and CIDR ranges, checked here and kept as written (the gateway parses them). */
function ipRangeList(env: string, doc: string): Setting<readonly string[]> {
  return {
    env,
    doc,
    defaultText: "(unset)",
    parse(raw, variable) {
      const entries = commaSeparated(raw);
      const invalid = entries.find((entry) => parseIpRange(entry) === null);
      if (invalid !== undefined) throw new ConfigError(variable, `has an entry that is not an IP address or CIDR range: "${invalid}"`);
      return Object.freeze(entries);
    },
  };
}

/**
 * Web origins (`https://app.example.com`, `http://127.0.0.1:8080`), each written as a browser
 * sends it in `Origin` (scheme, lower-case host, a port other than the scheme's own, nothing
 * after), so a request's `Origin` is compared to them as text. `*` is refused: every origin
 * allowed must be named.
 */
function originList(env: string, doc: string): Setting<readonly string[]> {
  return {
    env,
    doc,
    defaultText: "(unset)",
    parse(raw, variable) {
      const origins = commaSeparated(raw).map((entry) => {
        const origin = URL.canParse(entry) ? new URL(entry).origin : "null";
        if (!/^https?:\/\//.test(origin))
          throw new ConfigError(variable, `has an entry that is not a web origin such as https://app.example.com: "${entry}"`);
        if (origin !== entry)
          throw new ConfigError(variable, `has "${entry}", which a browser sends as "${origin}" (scheme, host and port only): write that`);
        return origin;
      });
      return Object.freeze([...new Set(origins)]);
    },
  };
}

/** The log levels, pino's and moleculer's alike, most severe first. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace"] as const;

const settings = {
  port: integer("PORT", "TCP port the API gateway listens on.", 3000, 0, 65535),
  host: text("HOST", "Address the API gateway and the health listener bind to; use `0.0.0.0` in containers.", "127.0.0.1"),
  healthPort: optionalPort(
    "HEALTH_PORT",
    "TCP port of a small HTTP listener answering `GET /livez` (200 while the process runs) and `GET /readyz` (200 once its services have started and while its store, bus and counters answer; 503 otherwise and while shutting down), for processes that run no gateway, such as a Kubernetes pod of one service. Unset: no such listener (a gateway answers `/health/live` and `/health/ready` on `PORT`).",
  ),
  trustedProxies: ipRangeList(
    "TRUSTED_PROXIES",
    "Comma-separated IP addresses and CIDR ranges (IPv4 or IPv6) of the reverse proxies in front of the gateway. Only for requests from these is `X-Forwarded-For` read to find the client's address (rate limits per address); unset, it is never read.",
  ),
  dataDir: text(
    "DATA_DIR",
    "Folder of the embedded document store, used when `MONGO_URL` is unset, of screenshots (`DATA_DIR/blobs`) when neither `MONGO_URL` nor `S3_BUCKET` is set, and of uploaded import files while they are imported (`DATA_DIR/imports`).",
    "./data",
  ),
  mongoUrl: optionalUrl("MONGO_URL", "MongoDB connection string; when set, data lives in MongoDB instead of the embedded store.", [
    "mongodb",
    "mongodb+srv",
  ]),
  natsUrl: optionalUrl("NATS_URL", "NATS server; when set, services talk over NATS instead of in one process.", ["nats", "tls"]),
  redisUrl: optionalUrl("REDIS_URL", "Redis server for shared counters; when unset, counters are kept in memory.", ["redis", "rediss"]),
  services: serviceList(
    "SERVICES",
    `Comma-separated services this process runs (${SERVICE_NAMES.map((name) => `\`${name}\``).join(", ")}), or \`all\`.`,
  ),
  deployedServices: serviceList(
    "DEPLOYED_SERVICES",
    "Comma-separated services the deployment runs in some process (the names of `SERVICES`), or `all`. A gateway reports ready only while every one of these that it routes to has an instance answering on the bus; name fewer where a deployment runs only some services on purpose (a bench of `system` alone), and the routes of those left out answer 503 without holding readiness back.",
  ),
  s3Bucket: text(
    "S3_BUCKET",
    "Bucket of an S3-compatible object store (AWS S3, MinIO, Ceph, R2...) that keeps screenshots; it must exist. Unset: screenshots are kept in GridFS in MongoDB when `MONGO_URL` is set, as files under `DATA_DIR/blobs` otherwise.",
    "",
  ),
  s3Endpoint: optionalUrl(
    "S3_ENDPOINT",
    "Address of the S3-compatible server, such as `http://127.0.0.1:9000` for MinIO. Unset: AWS S3 itself.",
    ["http", "https"],
  ),
  s3Region: text("S3_REGION", "Region of the bucket.", "us-east-1"),
  s3AccessKeyId: text(
    "S3_ACCESS_KEY_ID",
    "Access key of the object store. Unset (with `S3_SECRET_ACCESS_KEY`): the AWS SDK's own chain (`AWS_*` variables, instance or pod roles).",
    "",
  ),
  s3SecretAccessKey: text("S3_SECRET_ACCESS_KEY", "Secret key that goes with `S3_ACCESS_KEY_ID`.", ""),
  s3ForcePathStyle: flag(
    "S3_FORCE_PATH_STYLE",
    "Addresses objects as `endpoint/bucket/key` instead of `bucket.endpoint/key`; MinIO and most self-hosted stores need `true`.",
    false,
  ),
  publicUrl: optionalUrl(
    "PUBLIC_URL",
    "The address clients reach the gateway at, such as `https://stint.example.com`: the OAuth issuer, and the base of the links the OAuth pages and the device flow give out. Unset: taken from each request's `Host` (and `X-Forwarded-Proto` from a trusted proxy).",
    ["http", "https"],
  ),
  corsOrigins: originList(
    "CORS_ORIGINS",
    "Comma-separated origins of web applications served elsewhere (`https://app.example.com,http://127.0.0.1:8080`) that may call the API with a bearer token, and the OAuth token, revocation and device endpoints and metadata, from the browser (CORS). Never with cookies: the web application's session stays same-origin. Unset: none; the web application served by the gateway needs none.",
  ),
  webDir: optionalFolder(
    "WEB_DIR",
    "Folder of the built web application (`npm run build` writes it), which the gateway serves at `/` and reads once when it starts. Without an `index.html` there, `/` answers a 503 page saying the application is not built; the API is unaffected.",
    "`dist/web` under the project root",
  ),
  jwtSecret: secret(
    "JWT_SECRET",
    "Key that signs access tokens (HS256), at least 32 characters. Read only by processes running the gateway, auth or oauth, which must all have the same one. Unset: one is generated and kept in `DATA_DIR`, with a warning.",
  ),
  accessTokenTtlSeconds: integer("ACCESS_TOKEN_TTL_SECONDS", "Lifetime of an access token.", 900, 60, 86400),
  refreshTokenTtlDays: integer("REFRESH_TOKEN_TTL_DAYS", "Lifetime of a refresh token; each use replaces it with a new one.", 30, 1, 365),
  webSessionRepeatSeconds: integer(
    "WEB_SESSION_REPEAT_SECONDS",
    "How long the web application's session refresh answers again, with the same tokens, when its spent cookie comes back (a reload cut the answer off before the browser kept the new cookie). Past it, a spent cookie ends the sign-in.",
    30,
    1,
    300,
  ),
  oauthClientPerMinute: integer(
    "OAUTH_CLIENT_REQUESTS_PER_MINUTE",
    "Requests a minute one confidential OAuth application may make to the token, device, revocation and introspection endpoints, counted after it authenticated.",
    3000,
    1,
    1_000_000,
  ),
  oauthClientPerHour: integer("OAUTH_CLIENT_REQUESTS_PER_HOUR", "The same per hour.", 100_000, 1, 100_000_000),
  logLevel: oneOf("LOG_LEVEL", "Lowest level written to the log.", "info", LOG_LEVELS),
  logFormat: oneOf("LOG_FORMAT", "`json` for one JSON object a line, `pretty` for people, `auto` for pretty on a terminal.", "auto", [
    "auto",
    "json",
    "pretty",
  ] as const),
  namespace: text(
    "NAMESPACE",
    "Bus namespace; processes talk only to others with the same one, so deployments can share a NATS server.",
    "stint",
  ),
  nodeId: text("NODE_ID", "Name of this process on the service bus; defaults to host name and process id.", ""),
  eventAckWaitSeconds: integer(
    "EVENT_ACK_WAIT_SECONDS",
    "Distributed mode: how long a webhook-service process may hold a domain event from JetStream without acknowledging it before the event is delivered again, to any process of the service.",
    30,
    1,
    3600,
  ),
  eventSweepAfterSeconds: integer(
    "EVENT_SWEEP_AFTER_SECONDS",
    "Distributed mode: how old an event left unpublished in the outbox (its process died, or NATS was away) is before a sweep, run by every process that announces events, publishes it.",
    30,
    1,
    3600,
  ),
  eventStreamResumeHours: integer(
    "EVENT_STREAM_RESUME_HOURS",
    "How long after an event a live stream (`GET /events/stream`) can still resume from it with `Last-Event-ID`: how long the embedded event log keeps events, and, distributed, how long each event's position is kept in Redis (about 100 bytes an event).",
    24,
    24,
    168,
  ),
  eventStreamsPerOrganization: integer(
    "EVENT_STREAMS_PER_ORGANIZATION",
    "How many live streams of one organization each gateway process holds open at once; one more is a 429.",
    1000,
    1,
    1_000_000,
  ),
  eventStreamsPerHolder: integer(
    "EVENT_STREAMS_PER_HOLDER",
    "How many live streams each gateway process holds open at once for one API key, or for one person's sessions and access tokens together; one more is a 429. The web application opens one per browser, however many tabs.",
    20,
    1,
    1_000_000,
  ),
  eventStreamHeartbeatSeconds: integer(
    "EVENT_STREAM_HEARTBEAT_SECONDS",
    "How often a live stream with nothing to send sends a comment line, so that proxies keep it open; each stream's credential is checked again as often.",
    15,
    1,
    300,
  ),
  shutdownTimeoutMs: integer(
    "SHUTDOWN_TIMEOUT_MS",
    "How long SIGTERM waits for in-flight requests before closing connections.",
    10000,
    0,
    600000,
  ),
  cleanupIntervalSeconds: integer(
    "CLEANUP_INTERVAL_SECONDS",
    "How often each service process prunes what has aged out (webhook deliveries and attempt claims, expired refresh tokens, invitations and OAuth codes, screenshots past their organization's retention and blobs no record names). Every replica prunes on its own; deleting by age is safe to run anywhere at once.",
    900,
    10,
    86400,
  ),
  webhookDeliveryRetentionDays: integer(
    "WEBHOOK_DELIVERY_RETENTION_DAYS",
    "How long a settled webhook delivery (succeeded or failed for good), with its attempts, stays in the delivery log; pending ones are never pruned.",
    30,
    1,
    3650,
  ),
  expiredRecordRetentionDays: integer(
    "EXPIRED_RECORD_RETENTION_DAYS",
    "How long refresh tokens (spent or not) and invitations are kept after they expire, before they are pruned.",
    1,
    0,
    365,
  ),
  webhookAllowPrivateUrls: flag(
    "WEBHOOK_ALLOW_PRIVATE_URLS",
    "Lets webhooks use `http://` and loopback, private and link-local addresses (cloud metadata addresses stay refused). For development and tests only; off, webhook URLs must be `https://` and reach public addresses only.",
    false,
  ),
};

type Settings = typeof settings;
export type Config = { readonly [K in keyof Settings]: ReturnType<Settings[K]["parse"]> };

/** Reads and checks every setting; the first invalid one stops start-up with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const entries = Object.entries(settings).map(([key, setting]) => [key, setting.parse(env[setting.env], setting.env)]);
  const config = Object.freeze(Object.fromEntries(entries)) as Config;
  // One key of the pair alone would fall back to the SDK's chain without a word.
  if (Boolean(config.s3AccessKeyId) !== Boolean(config.s3SecretAccessKey)) {
    throw new ConfigError(
      config.s3AccessKeyId ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID",
      "must be set together with the other S3 key, or neither",
    );
  }
  return config;
}

/** The object store of `S3_BUCKET`, or `undefined` when blobs are kept elsewhere. */
export function s3SettingsOf(config: Config): S3Settings | undefined {
  if (!config.s3Bucket) return undefined;
  return {
    bucket: config.s3Bucket,
    endpoint: config.s3Endpoint,
    region: config.s3Region,
    accessKeyId: config.s3AccessKeyId || undefined,
    secretAccessKey: config.s3SecretAccessKey || undefined,
    forcePathStyle: config.s3ForcePathStyle,
  };
}

/** `embedded` when no outside server is configured, otherwise `distributed`. */
export function runMode(config: Config): "embedded" | "distributed" {
  return config.mongoUrl || config.natsUrl || config.redisUrl ? "distributed" : "embedded";
}

/**
 * What a process on the bus without Redis should tell its operator: its counters and marks
 * (rate limits, idempotency claims, revoked keys, removed users, changed roles and plans) live in its own
 * memory, which no other process reads. Not refused: one process on NATS, or a gateway with
 * services that never write a mark, works; two gateways, or a gateway apart from the auth
 * service, do not. Null when nothing needs saying.
 */
export function countersWarning(config: Config): string | null {
  if (!config.natsUrl || config.redisUrl) return null;
  return `NATS_URL is set without REDIS_URL: rate-limit counters, idempotency claims and the marks that make a revoked key, a removed user, a changed role or a changed plan count at once are kept in this process's memory, which other processes never read. A revoked key keeps working at another gateway until its key cache expires (${KEY_CACHE_TTL_MS / 1000} s), a removed user's access token until it expires, and each gateway counts limits on its own. Set REDIS_URL on every process of a deployment of more than one.`;
}

/** The README's configuration table, generated from the settings above. */
export function configurationTable(): string {
  const rows = Object.values(settings).map((s) => `| \`${s.env}\` | ${s.defaultText} | ${s.doc} |`);
  return ["| Variable | Default | Meaning |", "|---|---|---|", ...rows].join("\n");
}
