import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";

/** A file no job needs any more is removed once it is this old: one being received has no job yet. */
const LEFT_OVER_AFTER_MS = 60 * 60_000;

/**
 * The uploaded files of imports, kept under `DATA_DIR/imports` until their import ends, so
 * that an import whose process stopped can be resumed from its file by the next process
 * that finds it there.
 */
export class KeptFiles {
  constructor(readonly folder: string) {}

  async open(): Promise<void> {
    await mkdir(this.folder, { recursive: true });
  }

  pathOf(importId: string): string {
    return join(this.folder, `${importId}.csv`);
  }

  async has(importId: string): Promise<boolean> {
    return stat(this.pathOf(importId)).then(
      (found) => found.isFile(),
      () => false,
    );
  }

  /** Removes files older than an hour that no running import reads. */
  async removeLeftOvers(isRunning: (importId: string) => Promise<boolean>, now: number): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.folder).catch(() => [] as string[])) {
      if (!name.endsWith(".csv")) continue;
      const path = join(this.folder, name);
      const modified = await stat(path).then(
        (found) => found.mtimeMs,
        () => now,
      );
      if (now - modified < LEFT_OVER_AFTER_MS || (await isRunning(name.slice(0, -".csv".length)))) continue;
      await rm(path, { force: true });
      removed += 1;
    }
    return removed;
  }
}
