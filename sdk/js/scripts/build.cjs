// Builds dist/esm (ES modules) and dist/cjs (CommonJS), each with its declarations, and marks
// each folder with the module type Node should read its .js files as.
const { execFileSync } = require("node:child_process");
const { rmSync, writeFileSync } = require("node:fs");
const { join } = require("node:path");

const root = join(__dirname, "..");
rmSync(join(root, "dist"), { recursive: true, force: true });
// tsc comes from this package's or an enclosing folder's node_modules (npm puts both on PATH).
const tsc = process.platform === "win32" ? "tsc.cmd" : "tsc";
for (const [config, folder, type] of [
  ["tsconfig.json", "esm", "module"],
  ["tsconfig.cjs.json", "cjs", "commonjs"],
]) {
  execFileSync(tsc, ["-p", join(root, config)], { stdio: "inherit", cwd: root });
  writeFileSync(join(root, "dist", folder, "package.json"), `${JSON.stringify({ type }, null, 2)}\n`);
}
