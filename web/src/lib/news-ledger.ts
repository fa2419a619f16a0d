/**
 * Which word of a change is news. A change made in this browser reaches a tab twice, in
 * either order: told by the tab that made it (when the API answered) and as the stream's
 * event. Both name the same state of the resource (its id and `updated_at`); the first loads
 * again, the second, which brings nothing new, does not. A word only cancels one of the other
 * kind: two events naming the same state are both news, since `updated_at` counts whole
 * seconds and a timer started and stopped within one second leaves two states that read alike.
 */
export class NewsLedger {
  /** States a tab told of, whose event is still to come. */
  private readonly told = new Set<string>();
  /** States an event brought, which a tab may still tell of. */
  private readonly heard = new Set<string>();

  /** @param capacity how many states each side keeps in mind (a word whose twin never comes is forgotten in time). */
  constructor(private readonly capacity: number) {}

  /** Whether the stream's event for `state` is news: not when a tab of this browser told of it first. */
  event(state: string | undefined): boolean {
    if (state === undefined) return true;
    if (this.told.delete(state)) return false;
    this.remember(this.heard, state);
    return true;
  }

  /** Whether a change a tab of this browser made, leaving `state`, is news: not when its event came first. */
  change(state: string): boolean {
    if (this.heard.delete(state)) return false;
    this.remember(this.told, state);
    return true;
  }

  private remember(states: Set<string>, state: string): void {
    states.delete(state);
    states.add(state);
    if (states.size > this.capacity) states.delete(states.values().next().value!);
  }
}
