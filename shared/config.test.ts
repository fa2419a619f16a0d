import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError, configurationTable, countersWarning, loadConfig, runMode, s3SettingsOf, SERVICE_NAMES } from "./config";

describe("configuration", () => {
  it("has a default for every setting, and runs embedded with nothing set", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      dataDir: "./data",
      mongoUrl: undefined,
      natsUrl: undefined,
      redisUrl: undefined,
      services: [...SERVICE_NAMES],
      logLevel: "info",
      namespace: "stint",
      healthPort: undefined,
    });
    expect(runMode(config)).toBe("embedded");
  });

  it("reads HEALTH_PORT, 0 included (the kernel picks a port)", () => {
    expect(loadConfig({ HEALTH_PORT: "8081" }).healthPort).toBe(8081);
    expect(loadConfig({ HEALTH_PORT: "0" }).healthPort).toBe(0);
    expect(loadConfig({ HEALTH_PORT: "" }).healthPort).toBeUndefined();
  });

  it("reads the distributed settings", () => {
    const config = loadConfig({
      MONGO_URL: "mongodb://db:27017/stint",
      NATS_URL: "nats://bus:4222",
      REDIS_URL: "redis://cache:6379",
      SERVICES: "gateway, projects,gateway",
      PORT: "8080",
    });
    expect(config.services).toEqual(["gateway", "projects"]);
    expect(config.port).toBe(8080);
    expect(runMode(config)).toBe("distributed");
  });

  it("warns a process on the bus without Redis that its counters and marks are its own", () => {
    const warning = countersWarning(loadConfig({ NATS_URL: "nats://bus:4222", SERVICES: "gateway" }));
    expect(warning).toContain("REDIS_URL");
    expect(warning).toContain("revoked key");
    expect(countersWarning(loadConfig({ NATS_URL: "nats://bus:4222", REDIS_URL: "redis://cache:6379" }))).toBeNull();
    expect(countersWarning(loadConfig({}))).toBeNull();
    expect(countersWarning(loadConfig({ MONGO_URL: "mongodb://db:27017/stint" }))).toBeNull();
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["MONGO_URL", "not a url"],
    ["MONGO_URL", "http://db:27017"],
    ["NATS_URL", "redis://wrong:1"],
    ["REDIS_URL", "mongodb://wrong"],
    ["SERVICES", "gateway,billing"],
    ["LOG_LEVEL", "loud"],
    ["SHUTDOWN_TIMEOUT_MS", "-5"],
    ["HEALTH_PORT", "65536"],
    ["HEALTH_PORT", "off"],
    ["S3_ENDPOINT", "ftp://minio:9000"],
    ["S3_FORCE_PATH_STYLE", "yes"],
  ])("stops on an invalid %s (%s) with a message naming it", (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [variable]: value })).toThrow(new RegExp(`^Invalid configuration: ${variable} `));
  });

  it("reads the object store's settings, and wants both of its keys or neither", () => {
    expect(s3SettingsOf(loadConfig({}))).toBeUndefined();
    const config = loadConfig({
      S3_BUCKET: "shots",
      S3_ENDPOINT: "http://minio:9000",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(s3SettingsOf(config)).toEqual({
      bucket: "shots",
      endpoint: "http://minio:9000",
      region: "us-east-1",
      accessKeyId: "id",
      secretAccessKey: "secret",
      forcePathStyle: true,
    });
    expect(s3SettingsOf(loadConfig({ S3_BUCKET: "shots" }))).toMatchObject({
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    expect(() => loadConfig({ S3_BUCKET: "shots", S3_ACCESS_KEY_ID: "id" })).toThrow(/^Invalid configuration: S3_SECRET_ACCESS_KEY /);
    expect(() => loadConfig({ S3_SECRET_ACCESS_KEY: "secret" })).toThrow(/^Invalid configuration: S3_ACCESS_KEY_ID /);
  });

  it("reads CORS_ORIGINS as origins a browser sends, none when unset, and refuses anything else", () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: " https://app.example.com, http://127.0.0.1:8080,https://app.example.com" }).corsOrigins).toEqual([
      "https://app.example.com",
      "http://127.0.0.1:8080",
    ]);
    for (const wrong of [
      "*",
      "app.example.com",
      "https://app.example.com/",
      "https://app.example.com/spa",
      "https://App.example.com",
      "https://app.example.com:443",
      "ftp://files.example.com",
      "null",
    ])
      expect(() => loadConfig({ CORS_ORIGINS: wrong })).toThrow(/^Invalid configuration: CORS_ORIGINS /);
  });

  it("reads the SMTP settings, and wants a sender and the public address with SMTP_URL", () => {
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    const smtp = {
      SMTP_URL: "smtp://user:secret@127.0.0.1:2525",
      SMTP_FROM: "Stint <stint@example.com>",
      PUBLIC_URL: "https://stint.example.com",
    };
    expect(loadConfig(smtp)).toMatchObject({ smtpUrl: "smtp://user:secret@127.0.0.1:2525", smtpFrom: "Stint <stint@example.com>" });
    expect(loadConfig({ ...smtp, SMTP_FROM: "stint@example.com" }).smtpFrom).toBe("stint@example.com");
    expect(() => loadConfig({ ...smtp, SMTP_FROM: "" })).toThrow(/^Invalid configuration: SMTP_FROM /);
    expect(() => loadConfig({ ...smtp, SMTP_FROM: "not an address" })).toThrow(/^Invalid configuration: SMTP_FROM /);
    expect(() => loadConfig({ ...smtp, PUBLIC_URL: undefined })).toThrow(/^Invalid configuration: PUBLIC_URL /);
    expect(() => loadConfig({ ...smtp, SMTP_URL: "http://127.0.0.1:2525" })).toThrow(/^Invalid configuration: SMTP_URL /);
    expect(() => loadConfig({ MAIL_RETENTION_DAYS: "7" })).toThrow(/^Invalid configuration: MAIL_RETENTION_DAYS /);
  });

  it("matches the README's configuration table exactly", () => {
    const readme = readFileSync(join(__dirname, "..", "README.md"), "utf8");
    const table = configurationTable();
    // If this fails, paste the output of configurationTable() into the README.
    expect(readme).toContain(table);
    const documented = [...readme.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
    const declared = [...table.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
    expect(documented).toEqual(declared);
  });
});
