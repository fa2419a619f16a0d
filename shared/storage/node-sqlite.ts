/**
 * `node:sqlite`, loaded once without its ExperimentalWarning. Node 22 prints that warning on
 * the module's first load; the module is built into Node and its API is the one this store
 * relies on, so the line would only alarm whoever reads the log. Every other warning is
 * passed on untouched.
 */
type SqliteModule = typeof import("node:sqlite");

let loaded: SqliteModule | undefined;

function isSqliteExperimentalWarning(warning: string | Error, type: unknown): boolean {
  const name = warning instanceof Error ? warning.name : typeof type === "string" ? type : (type as { type?: unknown } | undefined)?.type;
  const message = warning instanceof Error ? warning.message : warning;
  return name === "ExperimentalWarning" && message.startsWith("SQLite ");
}

export function nodeSqlite(): SqliteModule {
  if (loaded) return loaded;
  const emitWarning = process.emitWarning;
  process.emitWarning = function emitUnlessSqlite(this: NodeJS.Process, warning: string | Error, ...rest: unknown[]): void {
    if (isSqliteExperimentalWarning(warning, rest[0])) return;
    (emitWarning as (...args: unknown[]) => void).call(this, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    loaded = process.getBuiltinModule("node:sqlite");
  } finally {
    process.emitWarning = emitWarning;
  }
  return loaded;
}
