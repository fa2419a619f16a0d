import type { Collection, StoredDocument } from "../../shared/storage/port";

/** Calls made to the store, by `<collection>.<method>`, so a phase can say how many round trips an operation took. */
export class StoreCalls {
  private readonly counts = new Map<string, number>();

  add(call: string): void {
    this.counts.set(call, (this.counts.get(call) ?? 0) + 1);
  }

  snapshot(): Map<string, number> {
    return new Map(this.counts);
  }

  /** Calls made since `before`, e.g. during one operation. */
  since(before: ReadonlyMap<string, number>): Map<string, number> {
    const made = new Map<string, number>();
    for (const [call, count] of this.counts) {
      const delta = count - (before.get(call) ?? 0);
      if (delta > 0) made.set(call, delta);
    }
    return made;
  }
}

/** `inner` with each call counted in `calls`; the counting is a map increment, nothing the timings would show. */
export function countedCollection<T extends StoredDocument>(name: string, inner: Collection<T>, calls: StoreCalls): Collection<T> {
  const counted = <R>(method: string, work: () => Promise<R>): Promise<R> => {
    calls.add(`${name}.${method}`);
    return work();
  };
  return {
    insertOne: (doc) => counted("insertOne", () => inner.insertOne(doc)),
    insertMany: (docs) => counted("insertMany", () => inner.insertMany(docs)),
    findOne: (filter) => counted("findOne", () => inner.findOne(filter)),
    find: (filter, options) => counted("find", () => inner.find(filter, options)),
    count: (filter) => counted("count", () => inner.count(filter)),
    findOneAndUpdate: (filter, update, options) => counted("findOneAndUpdate", () => inner.findOneAndUpdate(filter, update, options)),
    deleteOne: (filter) => counted("deleteOne", () => inner.deleteOne(filter)),
    deleteMany: (filter) => counted("deleteMany", () => inner.deleteMany(filter)),
    aggregate: <R>(pipeline: Parameters<Collection<T>["aggregate"]>[0]) => counted("aggregate", () => inner.aggregate<R>(pipeline)),
    explain: (filter, options) => counted("explain", () => inner.explain(filter, options)),
    stream: (filter, options) => {
      calls.add(`${name}.stream`);
      return inner.stream(filter, options);
    },
  };
}
