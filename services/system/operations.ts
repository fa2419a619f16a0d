import { PUBLIC } from "../../shared/access";
import { noInput } from "../../shared/inputs";
import { defineOperations } from "../../shared/operations";
import { single } from "../../shared/schemas";
import { versionSchema } from "./contract";

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
    success: { status: 200, description: "The deployment's name and versions", body: single(versionSchema) },
  },
});
