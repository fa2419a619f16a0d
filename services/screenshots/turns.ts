/**
 * At most `limit` pieces of work at once; the rest wait their turn, first come first
 * served. Uploads wait here before their file is read, so a waiting upload holds nothing
 * but its connection: its bytes stay with the sender until its turn.
 */
export class Turns {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<R>(work: () => Promise<R>): Promise<R> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The turn passes straight to the next in line, so `running` stays as it is.
      if (next) next();
      else this.running--;
    }
  }
}
