import { z } from "zod";
import { noBody } from "../../../shared/validation";
import type { OperationDocs } from "../operation";
import { single } from "./common";

const version = z
  .object({
    name: z.literal("stint"),
    version: z.string().describe("The deployment's release").meta({ examples: ["0.1.0"] }),
    api: z.literal("v1").describe("The API version"),
  })
  .meta({ id: "Version" });

/** `system.version` takes nothing: no path parameters, no query, no body. */
const nothing = z.object({ params: z.object({}).strict(), query: z.object({}).strict(), body: noBody });

export const systemOperations: OperationDocs = {
  "system.version": {
    summary: "Name and version of the service",
    tag: "System",
    input: nothing,
    success: { status: 200, description: "The deployment's name and versions", body: single(version) },
  },
};
