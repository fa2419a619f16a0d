import { z } from "zod";
import { PUBLIC } from "../../shared/access";
import { noInput } from "../../shared/inputs";
import { defineOperations } from "../../shared/operations";
import { single } from "../../shared/schemas";

const version = z
  .object({
    name: z.literal("stint"),
    version: z
      .string()
      .describe("The deployment's release")
      .meta({ examples: ["0.1.0"] }),
    api: z.literal("v1").describe("The API version"),
  })
  .meta({ id: "Version" });

/** Facts about the deployment itself; also the cheapest route through the bus. */
export const systemOperations = defineOperations("system", {
  version: {
    method: "GET",
    path: "/version",
    summary: "Name and version of the service",
    tag: "System",
    resource: "Version",
    input: noInput,
    access: PUBLIC,
    success: { status: 200, description: "The deployment's name and versions", body: single(version) },
  },
});
