import type { DatabaseSync } from "node:sqlite";

/**
 * The one writer of the embedded store, committing in groups. Every write runs at once,
 * synchronously, inside a transaction that stays open until the event loop's current turn
 * has run (`setImmediate`); then one COMMIT, with its one fsync, makes every write of the
 * turn durable, and only then are their promises settled. A write is acknowledged only once
 * it is on disk, yet a burst of writes pays for one sync, not one each.
 *
 * A write that throws changes nothing: each write is a single data statement (plus the
 * record of the kinds its paths hold, which may only grow), and SQLite undoes a failed
 * statement by itself, leaving the rest of the group to commit. Its caller hears of the
 * failure when the group has committed, so that what refused it is visible to a retry.
 */
export class GroupCommit {
  private waiting: { settle: () => void; fail: (error: unknown) => void }[] = [];
  private open = false;
  private committed: Promise<void> = Promise.resolve();

  constructor(private readonly db: DatabaseSync) {}

  run<R>(work: () => R): Promise<R> {
    try {
      if (!this.open) this.begin();
    } catch (error) {
      // Another process holding the database past the busy timeout, say.
      return Promise.reject(error);
    }
    return new Promise<R>((resolve, reject) => {
      try {
        const result = work();
        this.waiting.push({ settle: () => resolve(result), fail: reject });
      } catch (error) {
        // Told with the group, not before: a write refused because of another write of the
        // group (a duplicate key) must not be retried before that write can be read.
        this.waiting.push({ settle: () => reject(error), fail: () => reject(error) });
      }
    });
  }

  /** Resolves once every write asked for so far is committed (or has failed). */
  flushed(): Promise<void> {
    return this.committed;
  }

  private begin(): void {
    // IMMEDIATE takes the write lock now, so no statement of the group can fail for it later.
    this.db.exec("BEGIN IMMEDIATE");
    this.open = true;
    this.committed = new Promise((resolve) => setImmediate(() => resolve(this.commit())));
  }

  private commit(): void {
    const group = this.waiting;
    this.waiting = [];
    this.open = false;
    try {
      this.db.exec("COMMIT");
    } catch (error) {
      try {
        this.db.exec("ROLLBACK");
      } catch {
        // SQLite may have rolled back already; the group fails either way.
      }
      for (const write of group) write.fail(error);
      return;
    }
    for (const write of group) write.settle();
  }
}
