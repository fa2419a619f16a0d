/**
 * The calls a process is waiting on, oldest first, for the deadline sweep (`call-deadlines.ts`).
 *
 * A call joins the list when it is made and leaves it when it is answered; both are a few
 * pointer writes. Because calls join in the order they start, the sweep finds every call past
 * its deadline at the old end of the list and stops at the first one that is not.
 */
export abstract class WaitingCall {
  older: WaitingCall | null = null;
  newer: WaitingCall | null = null;
  /** Whether the call is in a list now. */
  listed = false;

  constructor(readonly startedAtMs: number) {}

  /** The action called, for the timeout error. */
  abstract get actionName(): string;
  /** The node the call went to, for the timeout error. */
  abstract get nodeID(): string | null;
  /** Hands the caller `error` instead of the answer. */
  abstract timeOut(error: Error): void;
}

export class WaitingList {
  private oldest: WaitingCall | null = null;
  private newest: WaitingCall | null = null;

  add(call: WaitingCall): void {
    if (call.listed) return;
    call.listed = true;
    call.older = this.newest;
    call.newer = null;
    if (this.newest) this.newest.newer = call;
    else this.oldest = call;
    this.newest = call;
  }

  /** Takes an answered call out; one that is not in the list is left alone. */
  remove(call: WaitingCall): void {
    if (!call.listed) return;
    call.listed = false;
    if (call.older) call.older.newer = call.newer;
    else this.oldest = call.newer;
    if (call.newer) call.newer.older = call.older;
    else this.newest = call.older;
    // An answered call keeps no pointer into the list, so it never holds a newer call in memory.
    call.older = null;
    call.newer = null;
  }

  /** Takes out and returns the calls that started at or before `cutoffMs`, oldest first. */
  takeStartedBy(cutoffMs: number): WaitingCall[] {
    const taken: WaitingCall[] = [];
    while (this.oldest && this.oldest.startedAtMs <= cutoffMs) {
      const call = this.oldest;
      this.remove(call);
      taken.push(call);
    }
    return taken;
  }
}

/** What moleculer's transit keeps for a request it sent to another node. */
export interface SentRequest {
  action?: { name?: string };
  nodeID?: string | null;
  ctx?: { options?: { timeout?: number | null } };
  reject(error: Error): void;
}

class WaitingRemoteCall extends WaitingCall {
  constructor(
    startedAtMs: number,
    readonly id: string,
    readonly request: SentRequest,
    private readonly forget: (id: string) => void,
  ) {
    super(startedAtMs);
  }

  get actionName(): string {
    return this.request.action?.name ?? "";
  }

  get nodeID(): string | null {
    return this.request.nodeID ?? null;
  }

  timeOut(error: Error): void {
    this.forget(this.id);
    this.request.reject(error);
  }
}

/**
 * Moleculer's table of the requests a process sent and awaits answers to
 * (`transit.pendingRequests`), with the same methods it uses of its `Map`, kept where the
 * deadline sweep can see each request's age.
 *
 * Why not a `Map`: V8 leaves each hash table a `Map` has outgrown pointing to the table that
 * replaced it, and a `Map` with one insertion and one deletion per call replaces its table every
 * few calls. Once any of those tables has been promoted to the old generation, it keeps every
 * later table (and the requests they held: each one's context, HTTP request and response)
 * alive through every young-generation collection until the next full one. In the gateway
 * that promoted about 2 MiB every 40 ms under load and made each young collection take 3 to
 * 6 ms. The ids live here as the keys of an object without a prototype, which V8 keeps as a
 * plain dictionary, and the list holds only calls still waiting.
 */
export class PendingRequestTable<Request extends SentRequest = SentRequest> {
  private readonly byId: Record<string, WaitingRemoteCall> = Object.create(null) as Record<string, WaitingRemoteCall>;
  private count = 0;

  /**
   * @param waiting where requests without a timeout of their own wait for the sweep
   * @param forget what takes a timed-out request out of the table (moleculer's
   *   `removePendingRequest`, which also drops the request's streams)
   * @param now the clock a request's start is read from
   */
  constructor(
    private readonly waiting: WaitingList,
    private readonly forget: (id: string) => void = (id) => this.delete(id),
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.count;
  }

  get(id: string): Request | undefined {
    return this.byId[id]?.request as Request | undefined;
  }

  has(id: string): boolean {
    return this.byId[id] !== undefined;
  }

  set(id: string, request: Request): this {
    const previous = this.byId[id];
    if (previous) this.waiting.remove(previous);
    else this.count += 1;
    const call = new WaitingRemoteCall(this.now(), id, request, this.forget);
    this.byId[id] = call;
    // A call with a timeout of its own (an upload's) keeps moleculer's timer instead.
    if (!((request.ctx?.options?.timeout ?? 0) > 0)) this.waiting.add(call);
    return this;
  }

  delete(id: string): boolean {
    const call = this.byId[id];
    if (!call) return false;
    this.waiting.remove(call);
    delete this.byId[id];
    this.count -= 1;
    return true;
  }

  /** In the order the requests were sent; deleting the current one meanwhile is allowed. */
  forEach(visit: (request: Request, id: string, table: this) => void): void {
    for (const id in this.byId) {
      const call = this.byId[id];
      if (call) visit(call.request as Request, id, this);
    }
  }
}
