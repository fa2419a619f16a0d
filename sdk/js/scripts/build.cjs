// Builds dist/esm (ES modules) and dist/cjs (CommonJS), each with its declarations, and marks
// each folder with the module type Node should read its .js files as.
const { execFileSync } = require("node:child_process");
const { rmSync, writeFileSync } = require("node:fs");
const { join } = require("node:path");

const root = join(__dirname, "..");
rmSync(join(root, "dist"), { recursive: true, force: true });
// TypeScript from this package's node_modules or, inside the Stint repository, the repository's.
const tsc = require.resolve("typescript/bin/tsc");
for (const [config, folder, type] of [
  ["tsconfig.json", "esm", "module"],
  ["tsconfig.cjs.json", "cjs", "commonjs"],
]) {
  execFileSync(process.execPath, [tsc, "-p", join(root, config)], { stdio: "inherit", cwd: root });
  writeFileSync(join(root, "dist", folder, "package.json"), `${JSON.stringify({ type }, null, 2)}\n`);
}
