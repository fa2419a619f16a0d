import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Example } from "./readme-examples";
import { run, type Program } from "./programs";

const DISTRIBUTION = "stint-sdk";

export interface InstalledPython {
  programs: Map<Example, (env: NodeJS.ProcessEnv) => Program>;
}

/** The interpreter of a virtual environment. */
const interpreterOf = (venv: string) => join(venv, "bin", "python");

async function freshVenv(python: string, where: string, artifact: string): Promise<string> {
  await run(python, ["-m", "venv", where], process.cwd());
  await run(interpreterOf(where), ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", artifact], where);
  return interpreterOf(where);
}

/** What the installed distribution says of itself, where `import stint` finds the package, and its `stint` command. */
async function checkInstalled(interpreter: string, venv: string, cwd: string): Promise<void> {
  const script = [
    "import importlib.metadata as metadata, stint",
    `print(metadata.metadata("${DISTRIBUTION}")["Name"], metadata.version("${DISTRIBUTION}"), stint.__version__, stint.__file__)`,
  ].join("; ");
  const [name, version, imported, file] = (await run(interpreter, ["-c", script], cwd)).trim().split(" ");
  if (name !== DISTRIBUTION || version !== imported || !file?.startsWith(venv))
    throw new Error(
      `installed ${name} ${version}, imported stint ${imported} from ${file}: expected ${DISTRIBUTION}, one version, from ${venv}`,
    );
  // The console script the distribution declares, as a person runs it after installing.
  const command = (await run(join(venv, "bin", "stint"), ["--version"], cwd)).trim();
  if (command !== `stint, version ${version}`)
    throw new Error(`stint --version printed ${JSON.stringify(command)}: expected version ${version}`);
}

/**
 * Builds `sdk/python` with `python -m build` (the source distribution, then the wheel from
 * it), installs the wheel into one fresh virtual environment and the source distribution
 * into another, checks both install `stint-sdk` and import `stint` from there, and
 * type-checks every Python example of the READMEs with `mypy --strict` against the installed
 * wheel. `python` must have `build` and `mypy`.
 */
export async function installPython(repository: string, python: string, work: string, examples: Example[]): Promise<InstalledPython> {
  const dist = join(work, "py-dist");
  await run(python, ["-m", "build", "--outdir", dist, join(repository, "sdk", "python")], work);
  const built = readdirSync(dist);
  const wheel = built.find((name) => /^stint_sdk-.+-py3-none-any\.whl$/.test(name));
  const sdist = built.find((name) => /^stint_sdk-.+\.tar\.gz$/.test(name));
  if (!wheel || !sdist)
    throw new Error(`python -m build made ${JSON.stringify(built)}: expected a stint_sdk wheel and source distribution`);

  const outside = join(work, "py-examples");
  mkdirSync(outside, { recursive: true });
  const fromWheel = join(work, "venv-wheel");
  const interpreter = await freshVenv(python, fromWheel, join(dist, wheel));
  await checkInstalled(interpreter, fromWheel, outside);
  const fromSdist = join(work, "venv-sdist");
  await checkInstalled(await freshVenv(python, fromSdist, join(dist, sdist)), fromSdist, outside);

  const programs = new Map<Example, (env: NodeJS.ProcessEnv) => Program>();
  const files = examples.map((example, index) => {
    const file = join(outside, `example_${String(index + 1).padStart(2, "0")}.py`);
    writeFileSync(file, example.code);
    // Run outside the source tree, so that only the installed wheel can be imported.
    programs.set(example, (env) => ({ command: interpreter, args: [file], cwd: outside, env }));
    return file;
  });
  const mypy = ["-m", "mypy", "--strict", "--python-executable", interpreter, "--cache-dir", join(work, "mypy-cache"), ...files];
  await run(python, mypy, outside);
  return { programs };
}
