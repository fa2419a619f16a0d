/** Runs work one piece after another, in the order given; a failure does not stop the queue. */
export class OneAtATime {
  private tail: Promise<unknown> = Promise.resolve();

  run<R>(work: () => Promise<R>): Promise<R> {
    const run = this.tail.then(work);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Resolves once everything queued so far has finished. */
  idle(): Promise<unknown> {
    return this.tail;
  }
}
