import type { MailDocument } from "./message";
import type { MessageStore } from "./message-store";
import { SendFailure, SMTP_TIMEOUTS, type MailTransport } from "./transport";

export interface WorkerLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface MailWorkerOptions {
  /** How often the worker looks for due messages and runs its other work. */
  beatMs: number;
  /** Messages sent at once by one process. */
  concurrency: number;
}

export const DEFAULT_WORKER_OPTIONS: MailWorkerOptions = { beatMs: 2_000, concurrency: 4 };

export interface MailWorkerDependencies {
  messages: MessageStore;
  /** `null` when the deployment sends no email: nothing is ever queued then, only kept. */
  transport: MailTransport | null;
  /** What else runs on the worker's beat, after the sending: the weekly summaries. */
  alsoOnBeat?: () => Promise<void>;
  /** This process's name, written on the attempts it claims. */
  worker: string;
  logger: WorkerLogger;
  options: MailWorkerOptions;
  now(): number;
  random(): number;
}

const MINUTE = 60_000;
/** The first retry comes after 30 seconds; each wait doubles, up to an hour, and then stays there. */
const FIRST_RETRY_MS = 30_000;
const LONGEST_WAIT_MS = 60 * MINUTE;
/** Each wait is scaled by a random factor in [0.8, 1.2], so that messages held back together do not all come back together. */
const JITTER = 0.2;

/** How long to wait after `failedAttempts` failures before the next attempt. */
export function retryDelayMs(failedAttempts: number, random: () => number): number {
  const base = Math.min(LONGEST_WAIT_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1));
  return Math.round(base * (1 - JITTER + 2 * JITTER * random()));
}

/**
 * How long a worker holds an attempt it claimed before another may take it for abandoned:
 * longer than the slowest conversation with the SMTP server can last.
 */
export const ATTEMPT_LEASE_MS = SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + 4 * SMTP_TIMEOUTS.socketTimeout;

/** Messages one beat takes at most. */
const BATCH = 100;

/**
 * Sends what the queue holds, in every process that runs the mail service. Each attempt is
 * claimed in the store before it is made, so several workers never make the same attempt;
 * a worker that dies during one leaves its claim to run out, and the next worker records
 * the attempt as interrupted and tries again. So a message is sent at least once, and twice
 * only when a worker died after the SMTP server took it and before it recorded that
 * (docs/api.md, "Email"). Sending never holds up a request: requests only queue.
 */
export class MailWorker {
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<void> = Promise.resolve();
  private again = false;
  private busy = false;

  constructor(private readonly deps: MailWorkerDependencies) {}

  start(): void {
    this.running = true;
    this.wake();
  }

  /** Stops taking work and waits for the beat under way, whose attempts record their results. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    await this.current;
  }

  /** Looks for due work now rather than at the next beat (a message was just queued). */
  wake(): void {
    if (!this.running) return;
    if (this.busy) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.busy = true;
    this.current = this.loop();
  }

  private async loop(): Promise<void> {
    try {
      do {
        this.again = false;
        await this.beat();
      } while (this.again && this.running);
    } finally {
      this.busy = false;
      if (this.running) {
        this.timer = setTimeout(() => this.wake(), this.deps.options.beatMs);
        this.timer.unref();
      }
    }
  }

  private async beat(): Promise<void> {
    try {
      if (this.deps.transport) await this.sendDue(this.deps.transport);
    } catch (error) {
      this.deps.logger.error({ err: error }, "the mail queue could not be read; the next beat tries again");
    }
    try {
      await this.deps.alsoOnBeat?.();
    } catch (error) {
      this.deps.logger.error({ err: error }, "the mail worker's other work failed; the next beat tries again");
    }
  }

  private async sendDue(transport: MailTransport): Promise<void> {
    const due = await this.deps.messages.due(this.deps.now(), BATCH);
    let next = 0;
    const lane = async () => {
      while (this.running && next < due.length) {
        const message = due[next++] as MailDocument;
        await this.attempt(message, transport).catch((error: unknown) =>
          this.deps.logger.error({ err: error, messageId: message._id }, "a mail attempt failed to run"),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.deps.options.concurrency, due.length) }, lane));
  }

  /** One attempt of one message, from its claim to the message's next state. */
  private async attempt(message: MailDocument, transport: MailTransport): Promise<void> {
    const { messages, now, worker } = this.deps;
    const attempt = message.attempts + 1;
    const startedAt = now();
    if (message.link_expires_at !== null && message.link_expires_at <= startedAt) {
      await messages.settle(message, attempt, { state: "expired", at: startedAt });
      return;
    }
    if (!(await messages.claim(message, attempt, worker, startedAt, startedAt + ATTEMPT_LEASE_MS))) {
      await this.reconcile(message, attempt);
      return;
    }
    try {
      await transport.send({ id: message._id, to: message.to, subject: message.subject, text: message.text });
    } catch (error) {
      await this.failed(message, attempt, error);
      return;
    }
    if (!(await messages.settle(message, attempt, { state: "sent", at: now() })))
      this.deps.logger.warn({ messageId: message._id, attempt }, "a mail attempt was recorded by another worker after this one sent it");
  }

  private async failed(message: MailDocument, attempt: number, error: unknown): Promise<void> {
    const reason = error instanceof SendFailure ? error.message : "the message could not be handed over";
    if (error instanceof SendFailure && error.permanent) {
      await this.deps.messages.settle(message, attempt, { state: "refused", error: reason });
      this.deps.logger.warn({ messageId: message._id, reason }, "the SMTP server refused a message for good");
      return;
    }
    const nextAttemptAt = this.deps.now() + retryDelayMs(attempt, this.deps.random);
    await this.deps.messages.settle(message, attempt, { state: "queued", nextAttemptAt, error: reason });
    this.deps.logger.warn({ messageId: message._id, attempt, reason, nextAttemptAt }, "a message could not be sent; it will be retried");
  }

  /**
   * The attempt this worker wanted is another's. Nothing to do while that worker may still be
   * on it; once its lease has run out without the message moving on, that worker stopped: the
   * attempt is recorded as interrupted, and the message is due again at once.
   */
  private async reconcile(message: MailDocument, attempt: number): Promise<void> {
    const claim = await this.deps.messages.findClaim(message._id, attempt);
    const at = this.deps.now();
    if (!claim || claim.lease_until > at) return;
    this.deps.logger.warn(
      { messageId: message._id, attempt, worker: claim.worker },
      "a mail attempt was abandoned by its worker; retrying",
    );
    await this.deps.messages.settle(message, attempt, {
      state: "queued",
      nextAttemptAt: at,
      error: "interrupted: its worker stopped during the attempt",
    });
  }
}
