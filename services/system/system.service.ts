import type { ServiceSchema } from "moleculer";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { z } from "zod";
import { routedAction } from "../../shared/actions";
import { noBody } from "../../shared/validation";

/** The project's package.json, found upwards from here (the layout differs once built). */
function readPackageVersion(): string {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    const candidate = join(dir, "package.json");
    if (existsSync(candidate)) return (JSON.parse(readFileSync(candidate, "utf8")) as { version: string }).version;
  }
  return "unknown";
}

const packageVersion = readPackageVersion();

const versionInput = z.object({ params: z.object({}).strict(), query: z.object({}).strict(), body: noBody });

/** Facts about the deployment itself; also the cheapest route through the bus. */
export function systemService(): ServiceSchema {
  return {
    name: "system",
    actions: {
      version: routedAction({
        resource: "Version",
        input: versionInput,
        async handler() {
          return { data: { name: "stint", version: packageVersion, api: "v1" } };
        },
      }),
    },
  };
}
