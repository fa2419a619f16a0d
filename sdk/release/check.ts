/**
 * The release check of the client libraries: both build into the artifacts a user installs
 * (the `npm pack` tarball; the wheel and the source distribution), install into empty
 * projects (an npm project, fresh virtual environments), and every example of their READMEs
 * (and of the repository's README's sections on them) runs against a running Stint, after a
 * type check: TypeScript with `--strict`, Python with `mypy --strict`. The examples are the
 * fenced code blocks of the READMEs, found mechanically, so a README edit is always checked.
 *
 * Each example runs as its own organization's API key (`STINT_API_KEY`, `STINT_BASE_URL`),
 * with one project in it. An example that reads `STINT_WEBHOOK_SECRET` is a webhook receiver:
 * it must print `listening on <url>`, accept a real delivery from Stint and refuse a replayed,
 * a legacy-only and a tampered one with a 400.
 *
 * From the repository's root: `PYTHON=<a python with build and mypy> npx tsx sdk/release/check.ts`
 * (`... check.ts js` or `... check.ts python` for one library; `RELEASE_CHECK_VERBOSE=1` prints
 * what each example printed).
 */
import { join } from "node:path";
import { temporaryDir } from "../../test/support/stint";
import { installJavaScript } from "./javascript";
import { serve, runToEnd, type Program } from "./programs";
import { installPython } from "./python";
import { examplesOf, isWebhookReceiver, type Example } from "./readme-examples";
import { StintUnderTest } from "./stint-under-test";

const REPOSITORY = join(__dirname, "..", "..");
const ROOT_README = join(REPOSITORY, "README.md");
const LIBRARY_SECTIONS = { js: ["Client library for JavaScript"], python: ["Client library for Python"] };

async function runExample(stint: StintUnderTest, example: Example, program: (env: NodeJS.ProcessEnv) => Program): Promise<void> {
  const account = await stint.account();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    STINT_BASE_URL: stint.url,
    STINT_API_KEY: account.apiKey,
  };
  if (!isWebhookReceiver(example)) {
    const output = await runToEnd(program(env), example.where);
    if (process.env.RELEASE_CHECK_VERBOSE) console.log(output.replace(/^/gm, "      "));
    return;
  }
  const hook = await stint.subscription(account);
  const receiver = await serve(program({ ...env, STINT_WEBHOOK_SECRET: hook.secret, PORT: "0" }), example.where);
  try {
    await stint.exerciseReceiver(account, hook, receiver, example.where);
    if (process.env.RELEASE_CHECK_VERBOSE) console.log(receiver.output().replace(/^/gm, "      "));
  } finally {
    await receiver.stop();
  }
}

async function runAll(
  stint: StintUnderTest,
  programs: Map<Example, (env: NodeJS.ProcessEnv) => Program>,
  failures: string[],
): Promise<void> {
  for (const [example, program] of programs) {
    try {
      await runExample(stint, example, program);
      console.log(`ok    ${example.where} (${example.language})`);
    } catch (error) {
      failures.push(String(error instanceof Error ? error.message : error));
      console.log(`FAIL  ${example.where} (${example.language})`);
    }
  }
}

function examples(readme: string, languages: readonly string[], sections: readonly string[]): Example[] {
  const found = [...examplesOf(readme, REPOSITORY, languages), ...examplesOf(ROOT_README, REPOSITORY, languages, sections)];
  if (found.length === 0) throw new Error(`no ${languages.join(" or ")} examples in ${readme}`);
  return found;
}

async function main(only: string | undefined): Promise<number> {
  const python = process.env.PYTHON ?? "python3";
  const work = temporaryDir("release-check");
  const stint = await StintUnderTest.start();
  const failures: string[] = [];
  try {
    if (only !== "python") {
      console.log("==> JavaScript: npm pack, install into an empty project, type-check, run the examples");
      const jsExamples = examples(join(REPOSITORY, "sdk", "js", "README.md"), ["ts", "mjs", "cjs"], LIBRARY_SECTIONS.js);
      const js = await installJavaScript(REPOSITORY, work.path, jsExamples);
      await runAll(stint, js.programs, failures);
    }
    if (only !== "js") {
      console.log("==> Python: build the wheel and the source distribution, install each into a fresh venv, mypy, run the examples");
      const pyExamples = examples(join(REPOSITORY, "sdk", "python", "README.md"), ["python"], LIBRARY_SECTIONS.python);
      const py = await installPython(REPOSITORY, python, work.path, pyExamples);
      await runAll(stint, py.programs, failures);
    }
  } catch (error) {
    failures.push(String(error instanceof Error ? error.message : error));
  } finally {
    await stint.stop();
    work.remove();
  }
  for (const failure of failures) console.error(`\n${failure}`);
  console.log(failures.length === 0 ? "\nrelease check passed" : `\nrelease check FAILED: ${failures.length} problem(s)`);
  return failures.length === 0 ? 0 : 1;
}

main(process.argv[2]).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
