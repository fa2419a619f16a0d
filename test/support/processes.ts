import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = join(__dirname, "..", "..");
// tsx's loader, registered in the one Node.js process that runs main.ts: `tsx main.ts`
// would start a second process, so that a SIGKILL would end only the wrapper and leave
// Stint running.
const TSX_LOADER = require.resolve("tsx");

export interface LogLine {
  level: number;
  msg: string;
  requestId?: string;
  [key: string]: unknown;
}

/** `main.ts` as its own OS process (one process: signals reach Stint itself), its JSON log lines collected as they arrive. */
export class StintProcess {
  readonly child: ChildProcessWithoutNullStreams;
  readonly logs: LogLine[] = [];
  stderr = "";
  private buffered = "";
  readonly exited: Promise<number | null>;

  constructor(env: Record<string, string>) {
    this.child = spawn(process.execPath, ["--import", pathToFileURL(TSX_LOADER).href, "main.ts"], {
      cwd: ROOT,
      // As `npm run serve` and the image run it: the request scope on async context frames.
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        PORT: "0",
        LOG_FORMAT: "json",
        LOG_LEVEL: "info",
        NODE_OPTIONS: "--experimental-async-context-frame",
        ...env,
      },
    });
    this.child.stdout.setEncoding("utf8").on("data", (chunk: string) => this.collect(chunk));
    this.child.stderr.setEncoding("utf8").on("data", (chunk: string) => (this.stderr += chunk));
    this.exited = new Promise((resolve) => this.child.once("exit", (code) => resolve(code)));
  }

  private collect(chunk: string): void {
    this.buffered += chunk;
    const lines = this.buffered.split("\n");
    this.buffered = lines.pop() ?? "";
    for (const line of lines) {
      if (line.trim() === "") continue;
      try {
        this.logs.push(JSON.parse(line) as LogLine);
      } catch {
        this.logs.push({ level: 0, msg: line });
      }
    }
  }

  /** Waits for a log line that satisfies `match`; fails with the process's output if it never comes. */
  async waitForLog(match: (line: LogLine) => boolean, timeoutMs = 20_000): Promise<LogLine> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = this.logs.find(match);
      if (found) return found;
      if (this.child.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(
      `log line not seen; exit=${this.child.exitCode}\nstderr: ${this.stderr.slice(-2000)}\nlogs: ${JSON.stringify(this.logs.slice(-20))}`,
    );
  }

  /** The gateway's address, from its start-up line. */
  async url(timeoutMs?: number): Promise<string> {
    const line = await this.waitForLog((l) => typeof l.url === "string" && l.msg.startsWith("Stint is listening"), timeoutMs);
    return line.url as string;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill("SIGTERM");
      const timer = setTimeout(() => this.child.kill("SIGKILL"), 15_000);
      await this.exited;
      clearTimeout(timer);
    }
  }
}
