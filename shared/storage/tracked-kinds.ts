import { KIND, kindAt, kindOf, type Kinds } from "./json-paths";

/**
 * What kinds of value a collection's fields have held, so that SQL is trusted only where it
 * answers as MongoDB would (`json-paths.ts`). Two sources, both only ever growing:
 * - the paths of the collection's indexes, read from every document when the index is made;
 * - every top-level field, for a collection tracked since it was empty (or converted from
 *   files whose every document was read): a field no document has held is then known to be
 *   missing everywhere, which is what lets SQL filter and sum fields no index names.
 * A field that appears after the first document may be missing from earlier ones, so every
 * top-level field counts as possibly missing (null) too.
 */

/** The `stint_paths` row that says every top-level field is tracked. */
export const EVERY_TOP_LEVEL_FIELD = "$every-top-level-field";

function isTopLevel(path: string): boolean {
  return path !== "_id" && !path.includes(".");
}

export class TrackedKinds {
  private readonly kinds = new Map<string, Kinds>();
  private everyTopLevel = false;
  loaded = false;

  /** The kinds a path has held, or `undefined` when they are not known. */
  readonly of = (path: string): Kinds | undefined => {
    const known = this.kinds.get(path);
    if (known !== undefined) return known;
    return this.everyTopLevel && isTopLevel(path) ? KIND.null : undefined;
  };

  get tracksEveryTopLevelField(): boolean {
    return this.everyTopLevel;
  }

  isTracked(path: string): boolean {
    return this.kinds.has(path) || (this.everyTopLevel && isTopLevel(path));
  }

  /** Restores what was recorded. */
  load(rows: Iterable<{ path: string; kinds: number }>): void {
    for (const row of rows) {
      if (row.path === EVERY_TOP_LEVEL_FIELD) this.everyTopLevel = true;
      else this.kinds.set(row.path, row.kinds);
    }
    this.loaded = true;
  }

  trackEveryTopLevelField(): void {
    this.everyTopLevel = true;
  }

  set(path: string, kinds: Kinds): void {
    this.kinds.set(path, kinds);
  }

  /** Takes in what `doc` holds; answers the paths whose kinds grew, with their new kinds, to record. */
  observe(doc: Record<string, unknown>): [string, Kinds][] {
    const grown: [string, Kinds][] = [];
    for (const [path, known] of this.kinds) {
      const kind = kindAt(doc, path);
      if ((known & kind) !== kind) grown.push([path, known | kind]);
    }
    if (this.everyTopLevel) {
      for (const [field, value] of Object.entries(doc)) {
        if (isTopLevel(field) && !this.kinds.has(field)) grown.push([field, KIND.null | kindOf(value)]);
      }
    }
    for (const [path, kinds] of grown) this.kinds.set(path, kinds);
    return grown;
  }
}

/** The kinds of every top-level field of documents read in full (a conversion): each may also be missing. */
export function topLevelKinds(into: Map<string, Kinds>, doc: Record<string, unknown>): void {
  for (const [field, value] of Object.entries(doc)) {
    if (isTopLevel(field)) into.set(field, (into.get(field) ?? KIND.null) | kindOf(value));
  }
}
