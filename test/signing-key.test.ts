import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { startStint, type RunningStint } from "../app";
import { loadConfig } from "../shared/config";
import { temporaryDir } from "./support/stint";

/**
 * Only processes that sign or check access tokens (gateway, auth, oauth) read the signing
 * key: without JWT_SECRET, one of them makes a development key in DATA_DIR, and any other
 * process writes nothing there and needs no JWT_SECRET at all (a Kubernetes pod of such a
 * service is given none, and its root file system is read-only).
 */
describe("who holds the signing key", () => {
  let data: ReturnType<typeof temporaryDir>;
  let stint: RunningStint | undefined;

  beforeEach(() => {
    data = temporaryDir("signing-key");
  });

  afterEach(async () => {
    await stint?.stop();
    stint = undefined;
    data.remove();
  });

  it("when a process runs only services that never touch tokens, then it writes no development key", async () => {
    stint = await startStint(loadConfig({ DATA_DIR: data.path, SERVICES: "reports,system", LOG_LEVEL: "fatal" }));
    expect(readdirSync(data.path)).toEqual([]);
  });

  it.each(["auth", "oauth", "gateway"])("when a process running %s has no JWT_SECRET, then it makes a development key", async (service) => {
    stint = await startStint(loadConfig({ DATA_DIR: data.path, SERVICES: service, PORT: "0", LOG_LEVEL: "fatal" }));
    expect(existsSync(join(data.path, "development-jwt-secret"))).toBe(true);
  });
});
