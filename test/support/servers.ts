import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";

/**
 * Suites that need MongoDB, NATS, Redis or an S3-compatible store find them through the environment. Outside CI a
 * missing server skips the suite, loudly; in CI (`CI` set) it fails it, so a broken CI
 * setup can never pass by testing less.
 */
export type ServerName = "mongo" | "nats" | "redis" | "s3";

const VARIABLE: Record<ServerName, string> = {
  mongo: "MONGO_URL",
  nats: "NATS_URL",
  redis: "REDIS_URL",
  // An S3-compatible store for the blob suites (MinIO in CI), with S3_TEST_ACCESS_KEY_ID and S3_TEST_SECRET_ACCESS_KEY.
  s3: "S3_TEST_ENDPOINT",
};

export function serverUrl(name: ServerName): string | undefined {
  const value = process.env[VARIABLE[name]];
  return value ? value : undefined;
}

/**
 * A plain `describe` when nothing is `missing`; otherwise a suite that fails in CI (`CI`
 * set) and is skipped, loudly, elsewhere. `needs` says what to provide.
 */
export function describeNeeding(missing: string | undefined, needs: string, title: string, fn: () => void): void {
  if (missing === undefined) {
    describe(title, fn);
    return;
  }
  if (process.env.CI) {
    describe(title, () => {
      it(`has what it needs (${needs})`, () => {
        throw new Error(`${missing}; in CI (CI is set) a suite that needs it fails instead of skipping`);
      });
    });
    return;
  }
  console.warn(`Skipping "${title}": ${missing} (${needs}).`);
  // The suite's own body is not run: it may start things that only its hooks clean up.
  describe.skip(title, () => {
    it(`needs ${needs}`, () => undefined);
  });
}

/** A plain `describe` when every named server is configured; a failing or skipped one otherwise. */
export function describeWithServers(names: readonly ServerName[], title: string, fn: () => void): void {
  const missing = names.filter((name) => serverUrl(name) === undefined).map((name) => VARIABLE[name]);
  const list = missing.join(", ");
  describeNeeding(
    missing.length === 0 ? undefined : `${list} ${missing.length === 1 ? "is" : "are"} not set`,
    `set ${list}; see the README's test section`,
    title,
    fn,
  );
}

/** The browser of the suites that drive pages: Debian's `chromium`, or `CHROMIUM_PATH`. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** A plain `describe` when Chromium is installed; a failing (CI) or skipped one otherwise. */
export function describeWithChromium(title: string, fn: () => void): void {
  describeNeeding(
    existsSync(CHROMIUM_PATH) ? undefined : `no Chromium at ${CHROMIUM_PATH}`,
    "install Debian's chromium, or set CHROMIUM_PATH",
    title,
    fn,
  );
}

/**
 * The same MongoDB connection string with its database replaced by `dbName`. Written by hand
 * because `new URL` rejects the multi-host form (`mongodb://a:1,b:2/db`).
 */
export function mongoUrlWithDatabase(url: string, dbName: string): string {
  const schemeEnd = url.indexOf("://");
  if (schemeEnd < 0) throw new Error("not a MongoDB connection string: no scheme");
  if (!dbName || /[/\\. "$\0]/.test(dbName)) throw new Error(`not a usable MongoDB database name: ${JSON.stringify(dbName)}`);
  const afterScheme = schemeEnd + 3;
  const queryStart = url.indexOf("?", afterScheme);
  const slash = url.indexOf("/", afterScheme);
  const authorityEnd = slash >= 0 && (queryStart < 0 || slash < queryStart) ? slash : queryStart >= 0 ? queryStart : url.length;
  const query = queryStart >= 0 ? url.slice(queryStart) : "";
  return `${url.slice(0, authorityEnd)}/${dbName}${query}`;
}

/** The configured MongoDB, NATS and Redis, with a database of its own for one suite (named after `label`). */
export function testServers(label: string): { mongoUrl: string; natsUrl: string; redisUrl: string } {
  const url = (name: ServerName): string => {
    const value = serverUrl(name);
    if (!value) throw new Error(`${VARIABLE[name]} is not set`);
    return value;
  };
  return {
    mongoUrl: mongoUrlWithDatabase(url("mongo"), `stint_${label}_${randomUUID().slice(0, 8)}`),
    natsUrl: url("nats"),
    redisUrl: url("redis"),
  };
}
