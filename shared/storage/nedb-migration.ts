import { createReadStream } from "node:fs";
import { mkdir, readdir, rename } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { Kinds } from "./json-paths";
import type { SqlConnection } from "./sql-connection";
import { EVERY_TOP_LEVEL_FIELD, topLevelKinds } from "./tracked-kinds";
import { isPlainObject } from "./update";

/**
 * Moves a store left by an older version (one nedb datafile per collection, `<name>.db`,
 * under `DATA_DIR`) into the SQLite database, once, at start-up. A datafile is one JSON
 * document a line, appended on every write: a later line for an `_id` replaces an earlier
 * one, `{"$$deleted": true}` removes it, and `$$indexCreated` / `$$indexRemoved` lines
 * describe indexes (the collections' own specs make those again). As nedb does, a datafile
 * with more than a tenth of its lines unreadable is refused rather than half loaded.
 *
 * Each collection goes in within one transaction, replacing what the table held (so a
 * conversion interrupted before the files were moved is simply done again); then the files
 * are moved, not deleted, into a folder of their own beside the database.
 */

const DATAFILE = /^([A-Za-z0-9_-]{1,100})\.db(~?)$/;
const CORRUPT_LINES_ALLOWED = 0.1;

export const KEPT_ASIDE_PREFIX = "nedb-files-before-sqlite";

interface Datafiles {
  /** The file to read: `<name>.db`, or nedb's `<name>.db~` when a crash left only that. */
  source: string;
  all: string[];
}

function findDatafiles(files: readonly string[]): Map<string, Datafiles> {
  const found = new Map<string, Datafiles>();
  for (const file of [...files].sort()) {
    const match = DATAFILE.exec(file);
    if (!match) continue;
    const name = match[1] as string;
    const entry = found.get(name) ?? { source: file, all: [] };
    entry.all.push(file);
    if (match[2] === "") entry.source = file;
    found.set(name, entry);
  }
  return found;
}

/**
 * Reads one datafile into the collection's table, in the transaction the caller holds;
 * answers how many documents it holds. `kinds` gathers what every top-level field held,
 * in every version of every document, which is a superset of what is left.
 */
async function loadDatafile(path: string, writer: SqlConnection, table: string, kinds: Map<string, Kinds>): Promise<number> {
  writer.exec(`CREATE TABLE IF NOT EXISTS ${table} (id TEXT PRIMARY KEY NOT NULL, doc BLOB NOT NULL)`);
  writer.run(`DELETE FROM ${table}`);
  let lines = 0;
  let corrupt = 0;
  const lineReader = createInterface({ input: createReadStream(path, { encoding: "utf8" }), crlfDelay: Infinity });
  for await (const line of lineReader) {
    if (line.trim() === "") continue;
    lines++;
    let doc: unknown;
    try {
      doc = JSON.parse(line);
    } catch {
      corrupt++;
      continue;
    }
    if (!isPlainObject(doc) || (doc._id === undefined && !("$$indexCreated" in doc) && !("$$indexRemoved" in doc))) {
      corrupt++;
      continue;
    }
    if (doc._id === undefined) continue;
    const id = String(doc._id);
    if (doc.$$deleted === true) {
      writer.run(`DELETE FROM ${table} WHERE id = ?`, [id]);
      continue;
    }
    topLevelKinds(kinds, doc);
    writer.run(`INSERT INTO ${table} (id, doc) VALUES (?, jsonb(?)) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`, [
      id,
      JSON.stringify({ ...doc, _id: id }),
    ]);
  }
  if (lines > 0 && corrupt / lines > CORRUPT_LINES_ALLOWED) {
    throw new Error(`${path}: ${corrupt} of ${lines} lines cannot be read; refusing to convert it (the file is left as it is)`);
  }
  return Number(writer.all(`SELECT COUNT(*) AS n FROM ${table}`)[0]?.n ?? 0);
}

async function keptAsideFolder(dataDir: string): Promise<string> {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const folder = join(dataDir, `${KEPT_ASIDE_PREFIX}-${stamp}`);
  await mkdir(folder, { recursive: true });
  return folder;
}

/** Converts the nedb datafiles in `dataDir`, if any; answers the one line to log about it, or `undefined` when there were none. */
export async function migrateNedbFiles(
  dataDir: string,
  writer: SqlConnection,
  tableOf: (collection: string) => string,
): Promise<string | undefined> {
  const datafiles = findDatafiles(await readdir(dataDir));
  if (datafiles.size === 0) return undefined;
  let documents = 0;
  for (const [name, files] of datafiles) {
    writer.exec("BEGIN IMMEDIATE");
    try {
      const kinds = new Map<string, Kinds>();
      documents += await loadDatafile(join(dataDir, files.source), writer, tableOf(name), kinds);
      // What the fields hold, read from every document now; dotted index paths are read when their index is made.
      writer.run("DELETE FROM stint_paths WHERE collection = ?", [name]);
      for (const [path, held] of [...kinds, [EVERY_TOP_LEVEL_FIELD, 0] as const]) {
        writer.run("INSERT INTO stint_paths (collection, path, kinds) VALUES (?, ?, ?)", [name, path, held]);
      }
      writer.exec("COMMIT");
    } catch (error) {
      writer.exec("ROLLBACK");
      throw error;
    }
  }
  const folder = await keptAsideFolder(dataDir);
  for (const files of datafiles.values()) {
    for (const file of files.all) await rename(join(dataDir, file), join(folder, file));
  }
  return `converted the embedded store of an older version: ${documents} documents in ${datafiles.size} collections moved from nedb files into SQLite; the old files are kept in ${folder}`;
}
