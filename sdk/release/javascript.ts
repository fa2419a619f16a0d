import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Example } from "./readme-examples";
import { cleanEnv, run, type Program } from "./programs";

const EXTENSIONS: Readonly<Record<string, string>> = { ts: "mts", mjs: "mjs", cjs: "cjs" };

/** The JavaScript library as a user gets it: packed, installed into an empty project, its examples ready to run. */
export interface InstalledJavaScript {
  /** The program that runs each example (TypeScript ones compiled first). */
  programs: Map<Example, (env: NodeJS.ProcessEnv) => Program>;
}

/**
 * Packs `sdk/js` as its README says (`npm pack ./sdk/js`, which builds it), installs the
 * tarball into an empty npm project with no network, checks what the package ships, and
 * type-checks with `--strict`: a user of the declarations with no Node types (a browser
 * project) and every TypeScript example of the READMEs.
 */
export async function installJavaScript(repository: string, work: string, examples: Example[]): Promise<InstalledJavaScript> {
  await run("npm", ["pack", "./sdk/js", "--pack-destination", work], repository);
  const tarball = readdirSync(work).find((name) => /^stint-sdk-.*\.tgz$/.test(name));
  if (!tarball) throw new Error("npm pack made no stint-sdk tarball");

  const consumer = join(work, "js-consumer");
  mkdirSync(join(consumer, "examples"), { recursive: true });
  writeFileSync(join(consumer, "package.json"), JSON.stringify({ name: "consumer", private: true }));
  await run("npm", ["install", "--offline", "--no-audit", "--no-fund", join(work, tarball)], consumer);
  await checkShippedFiles(join(consumer, "node_modules", "@stint", "sdk"));

  const tsc = [join(repository, "node_modules", "typescript", "bin", "tsc")];
  await typeCheckDeclarations(consumer, tsc);

  const programs = new Map<Example, (env: NodeJS.ProcessEnv) => Program>();
  const typescript: string[] = [];
  examples.forEach((example, index) => {
    const extension = EXTENSIONS[example.language];
    if (!extension) throw new Error(`${example.where}: no way to run a ${example.language} example`);
    const name = `example-${String(index + 1).padStart(2, "0")}`;
    writeFileSync(join(consumer, "examples", `${name}.${extension}`), example.code);
    if (extension === "mts") typescript.push(`examples/${name}.mts`);
    // TypeScript is run as tsc compiled it; JavaScript as it is.
    const file = extension === "mts" ? join(consumer, "out", `${name}.mjs`) : join(consumer, "examples", `${name}.${extension}`);
    programs.set(example, (env) => ({ command: process.execPath, args: [file], cwd: consumer, env }));
  });
  // Strict, as a Node project with @types/node would compile them; the output is what runs.
  const compilerOptions = {
    strict: true,
    module: "nodenext",
    moduleResolution: "nodenext",
    target: "es2022",
    lib: ["es2022", "dom", "dom.asynciterable"],
    types: ["node"],
    typeRoots: [join(repository, "node_modules", "@types")],
    rootDir: "examples",
    outDir: "out",
  };
  writeFileSync(join(consumer, "tsconfig.examples.json"), JSON.stringify({ compilerOptions, files: typescript }));
  await run(process.execPath, [...tsc, "-p", "tsconfig.examples.json"], consumer);
  return { programs };
}

async function checkShippedFiles(installed: string): Promise<void> {
  const files = (await run("find", [".", "-type", "f"], installed)).split("\n").filter(Boolean);
  const needed = [
    "./README.md",
    "./package.json",
    "./dist/esm/index.js",
    "./dist/esm/index.d.ts",
    "./dist/cjs/index.js",
    "./dist/cjs/index.d.ts",
  ];
  const missing = needed.filter((file) => !files.includes(file));
  const extra = files.filter(
    (file) => (/\.ts$/.test(file) && !file.endsWith(".d.ts")) || file.includes("/test/") || file.includes("/src/"),
  );
  if (missing.length > 0 || extra.length > 0)
    throw new Error(`the package ships the wrong files: missing ${JSON.stringify(missing)}, not meant to ship ${JSON.stringify(extra)}`);
  const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as { name?: string; dependencies?: unknown };
  if (manifest.name !== "@stint/sdk" || manifest.dependencies !== undefined)
    throw new Error(
      `the package is ${manifest.name} with dependencies ${JSON.stringify(manifest.dependencies)}: expected @stint/sdk with none`,
    );
}

/** The shipped declarations under `--strict` with no Node types and no skipLibCheck, from both module systems. */
async function typeCheckDeclarations(consumer: string, tsc: string[]): Promise<void> {
  const source = [
    'import Stint, { NotFoundError, RateLimitError, verifyWebhook, type Project, type TimeEntry, type WithResponse } from "@stint/sdk";',
    "export async function main(): Promise<TimeEntry | null> {",
    '  const stint = new Stint({ apiKey: "tt_live_x", baseUrl: "http://127.0.0.1:1", maxRetries: 1 });',
    "  const first: Project | undefined = (await stint.projects.list({ perPage: 5, archived: false })).data[0];",
    "  for await (const entry of stint.timeEntries.list({ projectId: first?.id })) void entry.duration;",
    "  const raw: WithResponse<Project> = await stint.projects.create({ name: 'x' }).withResponse();",
    "  void raw.response.status;",
    '  await verifyWebhook("{}", {}, "whsec_x", { allowLegacySignature: true }).catch((e: unknown) => e instanceof NotFoundError || e instanceof RateLimitError);',
    '  return first ? stint.timeEntries.start({ projectId: first.id, description: "typed" }) : null;',
    "}",
    "// @ts-expect-error: a start needs its project",
    "export const wrong = () => new Stint({}).timeEntries.start({ description: 1 });",
  ].join("\n");
  writeFileSync(join(consumer, "declarations.mts"), source);
  writeFileSync(
    join(consumer, "declarations.cts"),
    source.replace("import Stint, {", "import { Stint, default as _default, ").replace('@stint/sdk";', '@stint/sdk";\nvoid _default;'),
  );
  const compilerOptions = {
    noEmit: true,
    strict: true,
    module: "nodenext",
    moduleResolution: "nodenext",
    target: "es2022",
    lib: ["es2022", "dom", "dom.asynciterable"],
    types: [],
  };
  writeFileSync(
    join(consumer, "tsconfig.declarations.json"),
    JSON.stringify({ compilerOptions, files: ["declarations.mts", "declarations.cts"] }),
  );
  await run(process.execPath, [...tsc, "-p", "tsconfig.declarations.json"], consumer, cleanEnv());
}
