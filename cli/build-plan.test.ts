import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { decideBuilds, fingerprintInputs, forgetBuild, recordBuild, STAMP_FILE, type BuildPart } from "./build-plan";

/** A project laid out as this one is, small: two server sources, a test, the web app, the client library. */
function makeProject(): string {
  const root = mkdtempSync(join(tmpdir(), "stint-build-plan-"));
  const files: Record<string, string> = {
    "package.json": '{ "name": "p" }',
    "package-lock.json": '{ "lockfileVersion": 3 }',
    "tsconfig.json": "{}",
    "tsconfig.build.json": JSON.stringify({
      extends: "./tsconfig.json",
      include: ["main.ts", "shared"],
      exclude: ["node_modules", "dist", "**/*.test.ts", "**/*.suite.ts"],
    }),
    "main.ts": "export const main = 1;",
    "shared/ids.ts": "export const ids = 1;",
    "shared/ids.test.ts": "test('ids', () => {});",
    "web/index.html": "<div id=root></div>",
    "web/src/main.tsx": "export {};",
    "web/vite.config.mts": "export default {};",
    "sdk/js/src/index.ts": "export const sdk = 1;",
    "bench/run.ts": "export {};",
  };
  for (const [path, content] of Object.entries(files)) write(root, path, content);
  return root;
}

function write(root: string, path: string, content: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
}

const OUTPUTS: Record<BuildPart, string[]> = {
  server: ["dist/main.js", "dist/shared/ids.js"],
  web: ["dist/web/index.html", "dist/web/assets/index.js"],
};

/** What a finished build of a part does: its inputs hashed first, its output written, then the stamp. */
function build(root: string, part: BuildPart): void {
  const inputs = fingerprintInputs(root, part);
  forgetBuild(root, part);
  for (const path of OUTPUTS[part]) write(root, path, `built ${path}`);
  recordBuild(root, part, inputs);
}

function builtProject(): string {
  const root = makeProject();
  build(root, "server");
  build(root, "web");
  return root;
}

function parts(root: string): Record<BuildPart, string> {
  const decisions = decideBuilds(root);
  const say = (part: BuildPart) => {
    const decision = decisions[part];
    return decision.build ? (decision.fromScratch ? "from scratch" : "what changed") : "skip";
  };
  return { server: say("server"), web: say("web") };
}

const roots: string[] = [];
function track(root: string): string {
  roots.push(root);
  return root;
}
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe("deciding what npm start builds", () => {
  test("when nothing was ever built, then both parts are built from scratch", () => {
    const root = track(makeProject());
    const decisions = decideBuilds(root);
    expect(parts(root)).toEqual({ server: "from scratch", web: "from scratch" });
    expect(decisions.server).toMatchObject({ reason: "no finished build of it is recorded" });
  });

  test("when nothing changed since both were built, then neither is built", () => {
    const root = track(builtProject());
    expect(parts(root)).toEqual({ server: "skip", web: "skip" });
  });

  const SERVER = { server: "what changed", web: "skip" };
  const WEB = { server: "skip", web: "what changed" };
  test.each([
    ["the server sources", "shared/ids.ts", SERVER],
    ["the compiler's settings", "tsconfig.json", SERVER],
    ["the web sources", "web/src/main.tsx", WEB],
    ["the web page files", "web/index.html", WEB],
    ["the client library sources", "sdk/js/src/index.ts", WEB],
    ["the static files of web/public", "web/public/favicon.svg", WEB],
    ["the package manifests", "package-lock.json", { server: "what changed", web: "what changed" }],
  ])("when one of %s changes, then the part it goes into is built, from what changed", (_what, path, expected) => {
    const root = track(builtProject());
    write(root, path, "changed");
    expect(parts(root)).toEqual(expected);
    expect(decideBuilds(root)).toMatchObject({ [expected.server === "skip" ? "web" : "server"]: { reason: "its sources changed" } });
  });

  test("when a server source is removed, then the server is built, incrementally", () => {
    const root = track(builtProject());
    rmSync(join(root, "shared/ids.ts"));
    expect(parts(root)).toEqual({ server: "what changed", web: "skip" });
  });

  test("when a server source is added or renamed, then the server is built from scratch, as it has no compiled file yet", () => {
    const root = track(builtProject());
    write(root, "shared/names.ts", "export {};");
    expect(parts(root)).toEqual({ server: "from scratch", web: "skip" });
    write(root, "dist/shared/names.js", "built");
    build(root, "server");
    expect(parts(root).server).toBe("skip");
    renameSync(join(root, "shared/names.ts"), join(root, "shared/labels.ts"));
    expect(parts(root).server).toBe("from scratch");
  });

  test("when the web application was bundled under another NODE_ENV, then it is built", () => {
    const root = track(builtProject());
    const development = { ...process.env, NODE_ENV: "development" };
    expect(decideBuilds(root, development)).toMatchObject({ server: { build: false }, web: { build: true, fromScratch: false } });
  });

  test("when only a test, a bench or a file's time changes, then nothing is built", () => {
    const root = track(builtProject());
    write(root, "shared/ids.test.ts", "test('ids again', () => {});");
    write(root, "bench/run.ts", "export const changed = true;");
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, "main.ts"), later, later);
    expect(parts(root)).toEqual({ server: "skip", web: "skip" });
  });

  test("when dist/ is deleted, then both parts are built from scratch", () => {
    const root = track(builtProject());
    rmSync(join(root, "dist"), { recursive: true });
    expect(parts(root)).toEqual({ server: "from scratch", web: "from scratch" });
  });

  test("when one compiled file is missing, then the server is built from scratch", () => {
    const root = track(builtProject());
    rmSync(join(root, "dist/shared/ids.js"));
    expect(parts(root)).toEqual({ server: "from scratch", web: "skip" });
    expect(decideBuilds(root).server).toMatchObject({ reason: "dist/shared/ids.js is missing" });
  });

  test("when another command wrote the output since, then that part is built from scratch", () => {
    const root = track(builtProject());
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, "dist/web/index.html"), later, later);
    expect(parts(root)).toEqual({ server: "skip", web: "from scratch" });
  });

  test("when a build began and never finished, then that part is built again from scratch", () => {
    const root = track(builtProject());
    // Killed after rewriting one file but not the marker: only the forgotten stamp tells.
    forgetBuild(root, "server");
    write(root, "dist/shared/ids.js", "half");
    expect(parts(root)).toEqual({ server: "from scratch", web: "skip" });
  });

  test("when the stamp is corrupt or of another shape, then both parts are built from scratch", () => {
    for (const content of ["{ half", '{ "format": 2 }', '{ "format": 1, "server": { "inputs": "x", "marker": 1 } }']) {
      const root = track(builtProject());
      write(root, STAMP_FILE, content);
      expect({ content, ...parts(root) }).toEqual({ content, server: "from scratch", web: "from scratch" });
    }
  });

  test("when the stamp is written, then no partial file is left beside it", () => {
    const root = track(builtProject());
    expect(readdirSync(join(root, "dist")).filter((name) => name.startsWith(".build-stamp"))).toEqual([".build-stamp.json"]);
  });

  test("when tsconfig.build.json includes a pattern, then the decision refuses rather than guesses", () => {
    const root = track(builtProject());
    write(root, "tsconfig.build.json", JSON.stringify({ include: ["src/**/*"] }));
    expect(() => decideBuilds(root)).toThrow("only plain paths are read here");
  });

  test("this project's tsconfig.build.json is one the decision can read", () => {
    expect(fingerprintInputs(join(__dirname, ".."), "server")).toMatch(/^[0-9a-f]{64}$/);
  });
});
