import type { ServiceSchema } from "moleculer";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { routedAction } from "../../shared/actions";

const packageVersion = (JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8")) as { version: string }).version;

const versionInput = z.object({ params: z.object({}).strict(), query: z.object({}).strict(), body: z.unknown() });

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
