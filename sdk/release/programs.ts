import { spawn } from "node:child_process";

/** A command to run, and where. */
export interface Program {
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
}

const RUN_TIMEOUT_MS = 180_000;

/** Output kept for messages: the last lines of each stream. */
function tail(text: string, lines = 30): string {
  return text.trimEnd().split("\n").slice(-lines).join("\n");
}

/** Runs a program to its end; fails unless it exits with 0. Returns its standard output. */
export function runToEnd(program: Program, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program.command, program.args, { cwd: program.cwd, env: program.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), RUN_TIMEOUT_MS);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(new Error(`${what}: could not start ${program.command}: ${error.message}`));
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else reject(new Error(`${what}: exited with ${code ?? signal}\n--- stdout\n${tail(stdout)}\n--- stderr\n${tail(stderr)}`));
    });
  });
}

/** A program that serves until stopped, with what it has printed so far. */
export interface Serving {
  /** The address it printed in its `listening on <url>` line. */
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** Starts a server program and waits for its `listening on <url>` line. */
export function serve(program: Program, what: string): Promise<Serving> {
  return new Promise((resolve, reject) => {
    const child = spawn(program.command, program.args, { cwd: program.cwd, env: program.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let listening = false;
    const exited = new Promise<void>((done) => child.on("close", () => done()));
    const stop = async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    };
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${what}: printed no "listening on" line within ${RUN_TIMEOUT_MS / 1000} s\n${tail(stdout)}\n${tail(stderr)}`));
    }, RUN_TIMEOUT_MS);
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const found = /^listening on (\S+)$/m.exec(stdout);
      if (found?.[1] && !listening) {
        listening = true;
        clearTimeout(timer);
        resolve({ url: found[1], output: () => stdout, stop });
      }
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(new Error(`${what}: could not start ${program.command}: ${error.message}`));
    });
    child.on("close", (code, signal) => {
      if (listening) return;
      clearTimeout(timer);
      reject(
        new Error(`${what}: exited with ${code ?? signal} before listening\n--- stdout\n${tail(stdout)}\n--- stderr\n${tail(stderr)}`),
      );
    });
  });
}

/** Runs a command to its end, for the build steps; fails with its output unless it exits with 0. */
export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = cleanEnv()): Promise<string> {
  return runToEnd({ command, args, cwd, env }, `${command} ${args.join(" ")}`);
}

/** This process's environment without the settings npm gives the scripts it runs, plus `extra`. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith("npm_")));
  return { ...env, ...extra };
}
