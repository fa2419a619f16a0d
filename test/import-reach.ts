/**
 * What a process loads, read from the code: every file reached by following imports
 * (value and type imports alike, re-exports and `import()` too) from a set of starting
 * files, and the packages those files import. `test/layers.test.ts` holds the gateway to
 * the services' faces with it; `npx tsx test/import-reach.ts gateway` prints the counts
 * that docs/design.md gives.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";

export const REPOSITORY = resolve(__dirname, "..");

/** Test-only code: never part of a running process. */
const TEST_FILE = /\.(test|suite)\.tsx?$/;

/** The files a service shows the world; everything else in its folder is an internal. */
export const SERVICE_FACES = ["operations", "client", "inputs", "contract"] as const;

export interface Reach {
  /** Repository files reached, as paths relative to the repository with `/`. */
  files: string[];
  /** Each package imported by a reached file, with the files importing it. */
  packages: Map<string, string[]>;
}

/** The source files below a folder of the repository, tests left out. */
export function sourceFilesUnder(folder: string): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") && !TEST_FILE.test(entry.name)) found.push(path);
    }
  };
  visit(resolve(REPOSITORY, folder));
  return found.map(repositoryPath).sort();
}

function repositoryPath(absolute: string): string {
  return relative(REPOSITORY, absolute).split(sep).join("/");
}

/** The file a relative specifier names, as TypeScript and Node would find it. */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(REPOSITORY, dirname(from), specifier.replace(/\.js$/, ""));
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}.d.ts`, join(base, "index.ts"), join(base, "index.tsx")];
  const hit = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  return hit === undefined ? undefined : repositoryPath(hit);
}

/** `@scope/name/deep` is the package `@scope/name`; `node:fs` is no package. */
function packageName(specifier: string): string | undefined {
  if (specifier.startsWith("node:")) return undefined;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier);
}

export interface ReachOptions {
  /** Follow `import()` too (default); off, only what loads with the starting files. */
  dynamic?: boolean;
}

/** The specifiers a file imports: declarations, re-exports, `import()` and `import("x").T` types. */
function specifiersOf(file: string, options: ReachOptions): string[] {
  const source = ts.createSourceFile(file, readFileSync(resolve(REPOSITORY, file), "utf8"), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      options.dynamic !== false &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every file reached from `roots` (repository paths), following imports breadth first. */
export function reachFrom(roots: readonly string[], options: ReachOptions = {}): Reach {
  const seen = new Set<string>(roots);
  const queue = [...roots];
  const packages = new Map<string, string[]>();
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const specifier of specifiersOf(file, options)) {
      if (specifier.startsWith(".")) {
        const target = resolveRelative(file, specifier);
        if (target === undefined) throw new Error(`${file} imports ${specifier}, which names no file`);
        if (!seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
        continue;
      }
      const name = packageName(specifier);
      // A file that imports a package twice (its types, then the library itself with `import()`) is listed once.
      const importers = packages.get(name ?? "") ?? [];
      if (name !== undefined && !importers.includes(file)) packages.set(name, [...importers, file]);
    }
  }
  return { files: [...seen].sort(), packages };
}

/** Whether a repository path is a service file other than one of its faces. */
export function isServiceInternal(file: string): boolean {
  const name = /^services\/[^/]+\/([^/]+)\.ts$/.exec(file)?.[1];
  if (name === undefined) return file.startsWith("services/");
  return !(SERVICE_FACES as readonly string[]).includes(name);
}

/** The counts docs/design.md gives for what a process starting from `folder` loads. */
export function reachSummary(folder: string) {
  const reach = reachFrom(sourceFilesUnder(folder));
  const serviceFiles = reach.files.filter((file) => file.startsWith("services/"));
  return {
    files: reach.files.length,
    serviceFiles: serviceFiles.length,
    internals: serviceFiles.filter(isServiceInternal),
    sharpImportedBy: reach.packages.get("sharp") ?? [],
  };
}

if (require.main === module) {
  for (const folder of process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["gateway"]) {
    const summary = reachSummary(folder);
    console.log(`from ${folder}/: ${summary.files} files reached, ${summary.serviceFiles} of them in services/`);
    console.log(`  service internals (${summary.internals.length}): ${summary.internals.join(" ") || "none"}`);
    console.log(`  files importing sharp: ${summary.sharpImportedBy.join(" ") || "none"}`);
  }
}
