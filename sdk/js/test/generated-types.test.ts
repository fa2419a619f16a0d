import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { VERSION } from "../src/version";

const REPOSITORY = join(__dirname, "..", "..", "..");
const GENERATED_TYPES_FILE = join(__dirname, "..", "src", "generated", "openapi.ts");

describe("the library's generated types and its version", () => {
  it("when openapi-typescript runs on today's Style A document, then it makes the types checked in", async () => {
    // The Node running the tests: the document's time zones are the runtime's.
    const tsx = join(REPOSITORY, "node_modules", "tsx", "dist", "cli.mjs");
    const script = join(__dirname, "..", "scripts", "generate-types.ts");
    const { stdout: fresh } = await promisify(execFile)(process.execPath, [tsx, script, "--stdout"], {
      cwd: REPOSITORY,
      maxBuffer: 64 * 1024 * 1024,
    });
    // The document's operations are all there, so a stale file is caught below.
    expect(fresh).toContain('"projects.list": {');
    expect(fresh).toContain('"timeEntries.start": {');
    const checkedIn = readFileSync(GENERATED_TYPES_FILE, "utf8");
    if (checkedIn !== fresh) {
      throw new Error(
        "sdk/js/src/generated/openapi.ts is out of date with the operations tables: run `npx tsx sdk/js/scripts/generate-types.ts` and commit the result",
      );
    }
  }, 120_000);

  it("when the library names itself, then its version is package.json's", () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, "..", "package.json"), "utf8")) as { version: string; name: string };
    expect(manifest.name).toBe("@stint/sdk");
    expect(VERSION).toBe(manifest.version);
  });
});
