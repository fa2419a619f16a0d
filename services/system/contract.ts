/** What the system service shows the world: the deployment's name and version. Imports only packages. */
import { z } from "zod";

export const versionSchema = z
  .object({
    name: z.literal("stint"),
    version: z
      .string()
      .describe("The deployment's release")
      .meta({ examples: ["0.1.0"] }),
    api: z.literal("v1").describe("The API version"),
  })
  .meta({ id: "Version" });
