import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SERVICE_TRAITS, servicesThat } from "../app";
import { configurationTable, SERVICE_NAMES } from "../shared/config";
import { REPOSITORY } from "./import-reach";

/**
 * Each service declares its traits in its own folder (`traits.ts`); the process (`app.ts`),
 * the deployment check and the configuration's words go by them (docs/design.md).
 */

const SERVICE_FOLDERS = readdirSync(join(REPOSITORY, "services"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The module that wires a service: what it asks of the process is what it declares. */
function wiringOf(name: string): string {
  if (name === "gateway") return readFileSync(join(REPOSITORY, "gateway", "gateway.service.ts"), "utf8");
  const folder = SERVICE_FOLDERS.find((candidate) => candidate.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()) === name);
  if (folder === undefined) throw new Error(`no folder for ${name}`);
  return readFileSync(join(REPOSITORY, "services", folder, `${folder}.service.ts`), "utf8");
}

describe("the services' traits", () => {
  it("when a folder under services/ holds a service, then it declares its traits, under a name SERVICES accepts", () => {
    for (const folder of SERVICE_FOLDERS) expect(readdirSync(join(REPOSITORY, "services", folder))).toContain("traits.ts");
    expect(Object.keys(SERVICE_TRAITS).sort()).toEqual([...SERVICE_NAMES].sort());
    for (const [name, traits] of Object.entries(SERVICE_TRAITS)) expect(traits.name).toBe(name);
    expect(Object.keys(SERVICE_TRAITS)).toHaveLength(SERVICE_FOLDERS.length + 1);
  });

  it("when a service declares a trait, then its wiring asks the process for what the trait opens, and only then", () => {
    for (const name of SERVICE_NAMES) {
      const wiring = wiringOf(name);
      const traits = SERVICE_TRAITS[name];
      expect({ name, keepsDocuments: wiring.includes("requireStore(deps)") }).toEqual({ name, keepsDocuments: traits.keepsDocuments });
      expect({ name, announcesEvents: wiring.includes("deps.events") }).toEqual({ name, announcesEvents: traits.announcesEvents });
      expect({ name, consumesEvents: wiring.includes("deps.eventStream") }).toEqual({ name, consumesEvents: traits.consumesEvents });
      expect({ name, sweeps: wiring.includes("sweepPeriodically(") }).toEqual({ name, sweeps: traits.sweeps });
      expect({ name, holdsSigningKey: wiring.includes("deps.signer") }).toEqual({ name, holdsSigningKey: traits.holdsSigningKey });
    }
  });

  it("when the configuration table speaks of the signing key, then it names exactly the services that hold it", () => {
    const row = configurationTable()
      .split("\n")
      .find((line) => line.startsWith("| `JWT_SECRET` |")) as string;
    const named = SERVICE_NAMES.filter((name) => new RegExp(`\\b${name}\\b`).test(row));
    expect(named).toEqual(servicesThat("holdsSigningKey"));
  });
});
