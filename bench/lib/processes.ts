import { spawn, type ChildProcess } from "node:child_process";

/** How much of a child's output is kept for error messages. */
const TAIL_CHARS = 4000;

/** Variables a child inherits; everything else it gets is set on purpose. */
const INHERITED = ["PATH", "HOME", "TMPDIR", "LANG"] as const;

export interface SpawnRequest {
  /** Short name used in messages, e.g. `gateway`. */
  label: string;
  command: string;
  args: readonly string[];
  cwd: string;
  /** The child's variables on top of the few it inherits (the bench's own are not passed on). */
  env: Record<string, string>;
  /** Serves the whole run (a NATS server), rather than one target; stopped only by `stopAll`. */
  shared?: boolean;
}

/** Keeps the last `TAIL_CHARS` characters of a stream. */
class Tail {
  private text = "";
  push(chunk: string): void {
    this.text = (this.text + chunk).slice(-TAIL_CHARS);
  }
  toString(): string {
    return this.text;
  }
}

export class ManagedProcess {
  readonly label: string;
  readonly pid: number;
  readonly shared: boolean;
  private readonly stdoutTail = new Tail();
  private readonly stderrTail = new Tail();
  private exitStatus: string | undefined;
  readonly exited: Promise<string>;

  constructor(label: string, child: ChildProcess, pid: number, shared: boolean) {
    this.label = label;
    this.shared = shared;
    this.pid = pid;
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => this.stdoutTail.push(chunk));
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => this.stderrTail.push(chunk));
    // An unhandled 'error' would crash the bench; keep it with the output instead.
    child.on("error", (error) => this.stderrTail.push(`\n[bench] ${error.message}\n`));
    this.exited = new Promise((resolve) => {
      child.once("exit", (code, signal) => {
        this.exitStatus = signal ? `signal ${signal}` : `code ${code ?? "?"}`;
        resolve(this.exitStatus);
      });
    });
  }

  /** `undefined` while running, otherwise how it ended. */
  get exitedWith(): string | undefined {
    return this.exitStatus;
  }

  /** The end of what the child wrote, for messages about why it failed. */
  output(): string {
    const sections: Array<[string, string]> = [
      ["stderr", this.stderrTail.toString()],
      ["stdout", this.stdoutTail.toString()],
    ];
    const written = sections.filter(([, text]) => text.trim() !== "");
    if (written.length === 0) return `(${this.label} wrote nothing)`;
    return written.map(([name, text]) => `--- ${this.label} ${name} (tail) ---\n${text.trimEnd()}`).join("\n");
  }

  /** SIGTERM, then SIGKILL after `graceMs`. Resolves with how the process ended and whether it needed the kill. */
  async stop(graceMs: number): Promise<{ status: string; killed: boolean }> {
    if (this.exitStatus !== undefined) return { status: this.exitStatus, killed: false };
    this.signal("SIGTERM");
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      this.signal("SIGKILL");
    }, graceMs);
    const status = await this.exited;
    clearTimeout(timer);
    return { status, killed };
  }

  /** Signals this child by its own PID, never by name. */
  signal(signal: NodeJS.Signals): void {
    if (this.exitStatus !== undefined) return;
    try {
      process.kill(this.pid, signal);
    } catch {
      // Already gone between the check and the signal.
    }
  }
}

/**
 * Every process a bench run starts, so each one can be stopped by PID whatever happens:
 * after its measurement, when a step fails, on Ctrl-C, and (with SIGKILL) when the bench exits.
 */
export class ProcessRegistry {
  private readonly running = new Set<ManagedProcess>();
  private exitHookInstalled = false;

  spawn(request: SpawnRequest): ManagedProcess {
    this.installExitHook();
    const env: Record<string, string> = {};
    for (const name of INHERITED) {
      const value = process.env[name];
      if (value !== undefined) env[name] = value;
    }
    const child = spawn(request.command, [...request.args], {
      cwd: request.cwd,
      env: { ...env, ...request.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    if (child.pid === undefined) {
      // spawn reports ENOENT and the like asynchronously; the PID tells us now.
      child.once("error", () => undefined);
      throw new Error(`could not start ${request.label} (${request.command})`);
    }
    const managed = new ManagedProcess(request.label, child, child.pid, request.shared ?? false);
    this.running.add(managed);
    void managed.exited.then(() => this.running.delete(managed));
    return managed;
  }

  /** Stops every child still running, newest first (gateways before the bus they use). */
  async stopAll(graceMs: number): Promise<void> {
    const newestFirst = [...this.running].reverse();
    for (const child of newestFirst) await child.stop(graceMs);
  }

  /** Stops what is left of one target's processes; shared ones keep running. */
  async stopPerTarget(graceMs: number): Promise<void> {
    const newestFirst = [...this.running].filter((child) => !child.shared).reverse();
    for (const child of newestFirst) await child.stop(graceMs);
  }

  /** Last resort when the bench exits without having stopped its children. */
  private installExitHook(): void {
    if (this.exitHookInstalled) return;
    this.exitHookInstalled = true;
    process.once("exit", () => {
      for (const child of this.running) child.signal("SIGKILL");
    });
  }
}
