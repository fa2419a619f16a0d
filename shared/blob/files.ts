import { randomBytes } from "node:crypto";
import { mkdir, open, opendir, rename, rm, rmdir, stat } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import type { Readable } from "node:stream";
import { assertBlobKey, assertBlobPrefix, type BlobInfo, type BlobStore } from "./port";

/**
 * Blobs as files under one folder (`DATA_DIR/blobs` in embedded mode), a key's segments
 * as folders. A blob is written to a temporary name, flushed to disk, then renamed into
 * place, so a reader or a crash never meets half a file. Temporary files start with `.`
 * and are never listed.
 */
class FileBlobStore implements BlobStore {
  readonly kind = "files" as const;

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertBlobKey(key);
    return join(this.root, ...key.split("/"));
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = join(dirname(path), `.${randomBytes(8).toString("hex")}.partial`);
    const handle = await open(temporary, "w");
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } catch (error) {
      await handle.close();
      await rm(temporary, { force: true });
      throw error;
    }
    await handle.close();
    await rename(temporary, path);
  }

  async get(key: string): Promise<Readable | null> {
    const path = this.pathOf(key);
    // Opened before answering, so that a missing file is `null` rather than a stream that fails later.
    let handle;
    try {
      handle = await open(path, "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      return null;
    }
    return handle.createReadStream({ autoClose: true });
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(path, { force: true });
    // Folders left empty go too, up to the root: a store of deleted blobs is an empty folder.
    for (let folder = dirname(path); folder.startsWith(`${this.root}${sep}`); folder = dirname(folder)) {
      try {
        await rmdir(folder);
      } catch {
        break;
      }
    }
  }

  async *list(prefix: string): AsyncIterable<BlobInfo> {
    assertBlobPrefix(prefix);
    yield* this.walk(this.root, prefix);
  }

  private async *walk(folder: string, prefix: string): AsyncGenerator<BlobInfo> {
    let entries;
    try {
      entries = await opendir(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for await (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const path = join(folder, entry.name);
      const key = relative(this.root, path).split(sep).join("/");
      // Only folders that can hold keys with the prefix are entered.
      if (entry.isDirectory()) {
        if (prefix.startsWith(`${key}/`) || `${key}/`.startsWith(prefix) || key.startsWith(prefix)) yield* this.walk(path, prefix);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        const info = await stat(path).catch(() => null);
        if (info) yield { key, size: info.size, writtenAt: info.mtime.toISOString() };
      }
    }
  }

  async ping(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  async close(): Promise<void> {}
}

export async function openFileBlobStore(root: string): Promise<BlobStore> {
  await mkdir(root, { recursive: true });
  return new FileBlobStore(root);
}
