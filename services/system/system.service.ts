import type { ServiceSchema } from "moleculer";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { routedActions } from "../../shared/operations";
import { stintService } from "../../shared/service";
import { systemOperations } from "./operations";

/** The project's package.json, found upwards from here (the layout differs once built). */
function readPackageVersion(): string {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    const candidate = join(dir, "package.json");
    if (existsSync(candidate)) return (JSON.parse(readFileSync(candidate, "utf8")) as { version: string }).version;
  }
  return "unknown";
}

/** Wiring only: the version, read once from the package. */
export function systemService(): ServiceSchema {
  return stintService({
    name: systemOperations.service,
    open: async () => ({ version: readPackageVersion() }),
    actions: (started) =>
      routedActions(systemOperations, {
        version: async () => ({ data: { name: "stint" as const, version: started().version, api: "v1" as const } }),
      }),
  });
}
