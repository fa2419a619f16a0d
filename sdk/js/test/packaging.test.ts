import { execFile } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { temporaryDir, useStint } from "../../../test/support/stint";
import { Stint } from "../src/index";
import { signUp } from "./support/accounts";

const run = promisify(execFile);
const LIBRARY = join(__dirname, "..");
const REPOSITORY = join(LIBRARY, "..", "..");

/** The environment of a process of its own: none of the npm settings of the `npm test` that runs this. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith("npm_")));
  return { ...env, ...extra };
}

/** The README's first code block of this language. */
function readmeExample(language: "mjs" | "cjs"): string {
  const readme = readFileSync(join(LIBRARY, "README.md"), "utf8");
  const match = readme.match(new RegExp("```" + language + "\\n([\\s\\S]*?)```"));
  if (!match?.[1]) throw new Error(`README.md has no \`\`\`${language} example`);
  return match[1];
}

/**
 * The package as a user gets it: `npm pack` builds it (ES modules, CommonJS, declarations),
 * it installs into an empty folder with no network, and the README's examples run against a
 * live Stint in both module systems, and type-check as TypeScript in both.
 */
describe("@stint/sdk, packed and installed", () => {
  const deployment = useStint({ mode: "embedded" });
  const work = temporaryDir("sdk-pack");
  let consumer: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    const { stint: owner } = await signUp(deployment.url, "packager");
    await owner.projects.create({ name: "Packaged" });
    const key = await owner.apiKeys.create({ name: "example", permissions: ["projects:read", "time_entries:read", "time_entries:write"] });
    env = cleanEnv({ STINT_BASE_URL: deployment.url, STINT_API_KEY: key.key });

    await run("npm", ["pack", "--pack-destination", work.path], { cwd: LIBRARY, env: cleanEnv(), maxBuffer: 16 * 1024 * 1024 });
    consumer = join(work.path, "consumer");
    mkdirSync(consumer, { recursive: true });
    writeFileSync(join(consumer, "package.json"), JSON.stringify({ name: "consumer", private: true }));
    const tarball = readdirSync(work.path).find((name) => name.endsWith(".tgz"));
    if (!tarball) throw new Error("npm pack made no tarball");
    await run("npm", ["install", "--offline", "--no-audit", "--no-fund", join(work.path, tarball)], { cwd: consumer, env: cleanEnv() });
  }, 240_000);

  afterAll(() => work.remove());

  it("when the package is packed, then it ships the builds, their declarations and the README, and no sources or tests", async () => {
    const installed = join(consumer, "node_modules", "@stint", "sdk");
    const files = (await run("find", [".", "-type", "f"], { cwd: installed })).stdout.split("\n").filter(Boolean);
    expect(files).toEqual(
      expect.arrayContaining([
        "./README.md",
        "./package.json",
        "./dist/esm/index.js",
        "./dist/esm/index.d.ts",
        "./dist/esm/package.json",
        "./dist/cjs/index.js",
        "./dist/cjs/index.d.ts",
        "./dist/cjs/package.json",
      ]),
    );
    expect(files.filter((file) => /\.ts$/.test(file) && !file.endsWith(".d.ts"))).toEqual([]);
    expect(files.filter((file) => file.includes("/test/") || file.includes("/src/"))).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as Record<string, unknown>;
    expect(manifest.dependencies).toBeUndefined();
  });

  it.each(["mjs", "cjs"] as const)(
    "when the README's %s example runs against a live Stint, then it does what it says",
    async (language) => {
      const file = join(consumer, `example.${language}`);
      writeFileSync(file, readmeExample(language));
      const { stdout } = await run(process.execPath, [file], { cwd: consumer, env });
      const lines = stdout.trim().split("\n");
      expect(lines[0]).toBe("1 projects");
      expect(lines[1]).toMatch(/^timer te_\w+ running on Packaged$/);
      const entryId = lines[1]?.split(" ")[1] ?? "";
      expect(lines[2]).toMatch(new RegExp(`^stopped ${entryId} after \\d+ s$`));
      // The timer really ran and stopped on the server.
      const stint = new Stint({ baseUrl: deployment.url, apiKey: env.STINT_API_KEY });
      expect(await stint.timeEntries.get(entryId)).toMatchObject({ is_running: false, description: "Writing the report" });
      expect(await stint.timeEntries.current()).toBeNull();
    },
    60_000,
  );

  it("when a TypeScript user of each module system is type-checked, then the shipped declarations serve it", async () => {
    const source = [
      'import Stint, { NotFoundError, RateLimitError, verifyWebhook, type Project, type TimeEntry } from "@stint/sdk";',
      "export async function main(): Promise<TimeEntry | null> {",
      '  const stint = new Stint({ apiKey: "tt_live_x", baseUrl: "http://127.0.0.1:1", maxRetries: 1 });',
      "  const first: Project | undefined = (await stint.projects.list({ perPage: 5, archived: false })).data[0];",
      "  for await (const entry of stint.timeEntries.list({ projectId: first?.id })) void entry.duration;",
      '  await verifyWebhook("{}", {}, "whsec_x").catch((e: unknown) => e instanceof NotFoundError || e instanceof RateLimitError);',
      '  return first ? stint.timeEntries.start({ projectId: first.id, description: "typed" }) : null;',
      "}",
      "// @ts-expect-error: a start needs its project",
      "export const wrong = () => new Stint({}).timeEntries.start({ description: 1 });",
    ].join("\n");
    writeFileSync(join(consumer, "consumer.mts"), source);
    writeFileSync(
      join(consumer, "consumer.cts"),
      source.replace("import Stint, {", "import { Stint, default as _default, ").replace('@stint/sdk";', '@stint/sdk";\nvoid _default;'),
    );
    // No Node types: what a browser project sees. Declarations are checked too (no skipLibCheck).
    const compilerOptions = {
      noEmit: true,
      strict: true,
      module: "nodenext",
      moduleResolution: "nodenext",
      target: "es2022",
      lib: ["es2022", "dom", "dom.asynciterable"],
      types: [],
    };
    writeFileSync(join(consumer, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["consumer.mts", "consumer.cts"] }));
    const result = await run(join(REPOSITORY, "node_modules", ".bin", "tsc"), ["-p", "tsconfig.json"], { cwd: consumer }).then(
      () => "",
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(result).toBe("");
  }, 120_000);
});
