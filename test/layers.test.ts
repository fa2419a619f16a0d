import { readdirSync } from "node:fs";
import { join } from "node:path";
import { isServiceInternal, reachFrom, REPOSITORY, sourceFilesUnder } from "./import-reach";

/**
 * What a process loads, held where lint cannot see it: lint checks each import, these follow
 * them to the end (docs/design.md, "Layers").
 */
describe("the layers, followed import by import", () => {
  it("when the gateway's files are followed to the end, then they reach no service file but its faces, and never sharp", () => {
    const reach = reachFrom(sourceFilesUnder("gateway"));
    expect(reach.files.filter(isServiceInternal)).toEqual([]);
    expect(reach.packages.get("sharp") ?? []).toEqual([]);
    // The walk itself: it does reach the faces, so an empty list above means something.
    expect(reach.files).toEqual(expect.arrayContaining(["services/time-entries/operations.ts", "services/time-entries/contract.ts"]));
  });

  it("when a process starts, then what it loads before choosing its services holds no service's insides and no sharp", () => {
    // A service's modules are loaded by its traits' load(), only in a process that runs it.
    const reach = reachFrom(["main.ts"], { dynamic: false });
    const declarations = reach.files.filter((file) => /^services\/[^/]+\/traits\.ts$/.test(file));
    expect(reach.files.filter(isServiceInternal).filter((file) => !declarations.includes(file))).toEqual([]);
    expect(reach.packages.get("sharp") ?? []).toEqual([]);
    expect(declarations).toHaveLength(readdirSync(join(REPOSITORY, "services")).length);
    // Followed through load() too, everything is there: the walk sees what it skips.
    expect(reachFrom(["main.ts"]).packages.get("sharp")).toEqual(["services/screenshots/image.ts"]);
  });

  it("when shared/ is followed to the end, then it stays in shared/", () => {
    const reach = reachFrom(sourceFilesUnder("shared"));
    expect(reach.files.filter((file) => !file.startsWith("shared/"))).toEqual([]);
  });
});
