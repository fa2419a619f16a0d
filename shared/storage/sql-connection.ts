import type { DatabaseSync, SQLInputValue, SQLOutputValue, StatementSync } from "node:sqlite";
import { Query } from "mingo";
import type { Filter } from "./port";

type Row = Record<string, SQLInputValue>;

const CACHED_STATEMENTS = 500;
const CACHED_MATCHERS = 200;

/**
 * One SQLite connection of the embedded store: its prepared statements, kept by their SQL,
 * and the two functions its queries call back into:
 * - `stint_matches(doc, filter)`: mingo's verdict on a row, for the part of a filter SQL
 *   cannot answer as MongoDB would;
 * - `stint_examined(id)`: counts the rows SQLite reads, for `explain`.
 */
export class SqlConnection {
  private readonly statements = new Map<string, StatementSync>();
  private readonly matchers = new Map<string, Query>();
  private examined = 0;

  constructor(readonly db: DatabaseSync) {
    db.function("stint_matches", (doc: SQLInputValue, filter: SQLInputValue) =>
      this.matcher(String(filter)).test(JSON.parse(String(doc)) as Record<string, unknown>) ? 1 : 0,
    );
    db.function("stint_examined", (id: SQLInputValue) => {
      this.examined++;
      return id === null ? 0 : 1;
    });
  }

  private matcher(filter: string): Query {
    let matcher = this.matchers.get(filter);
    if (!matcher) {
      if (this.matchers.size >= CACHED_MATCHERS) this.matchers.clear();
      matcher = new Query(JSON.parse(filter) as Filter);
      this.matchers.set(filter, matcher);
    }
    return matcher;
  }

  private statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= CACHED_STATEMENTS) this.statements.clear();
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  exec(sql: string): void {
    this.db.exec(sql);
  }

  all(sql: string, params: readonly SQLInputValue[] = []): Row[] {
    return this.statement(sql).all(...params) as Row[];
  }

  get(sql: string, params: readonly SQLInputValue[] = []): Row | undefined {
    return this.statement(sql).get(...params) as Row | undefined;
  }

  iterate(sql: string, params: readonly SQLInputValue[] = []): Iterable<Row> {
    return this.db.prepare(sql).iterate(...params) as Iterable<Row>;
  }

  /**
   * The rows of a query as arrays of its columns, read one by one as asked for. A statement
   * of its own (never the cached one), since two readers of the same query may be under way
   * at once; it holds one read transaction until the iterator ends or is returned.
   */
  rowArrays(sql: string, params: readonly SQLInputValue[] = []): IterableIterator<SQLOutputValue[]> {
    const statement = this.db.prepare(sql);
    statement.setReturnArrays(true);
    return statement.iterate(...params) as unknown as IterableIterator<SQLOutputValue[]>;
  }

  /** Runs a data statement; answers how many rows it changed. */
  run(sql: string, params: readonly SQLInputValue[] = []): number {
    return Number(this.statement(sql).run(...params).changes);
  }

  /** Runs `work` and counts the rows `stint_examined` saw meanwhile. */
  counting<R>(work: () => R): { result: R; examined: number } {
    this.examined = 0;
    const result = work();
    return { result, examined: this.examined };
  }

  close(): void {
    this.statements.clear();
    this.db.close();
  }
}
