import { createHash } from "node:crypto";
import { ID_PREFIX } from "../../shared/ids";
import type { ImportSource } from "./contract";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const RANDOM_LENGTH = 22;

/**
 * The id an imported row's entry gets: a hash of the organization, the source and the
 * row's identity, shaped like any entry id. Importing the same row again gives the same id,
 * which the store already has: that is how a re-import creates no duplicates.
 */
export function importedEntryId(organizationId: string, source: ImportSource, identity: string): string {
  let value = BigInt(`0x${createHash("sha256").update(`${organizationId}\n${source}\n${identity}`).digest("hex")}`);
  let out = "";
  for (let at = 0; at < RANDOM_LENGTH; at++) {
    out += ALPHABET[Number(value % 62n)];
    value /= 62n;
  }
  return `${ID_PREFIX.timeEntry}_${out}`;
}

/**
 * Counts rows that are alike in everything an entry is made of, so that two equal rows of
 * one file (two identical half hours, say) stay two entries: the second is "#2".
 */
export class Occurrences {
  private readonly seen = new Map<string, number>();

  next(identity: string): string {
    const count = (this.seen.get(identity) ?? 0) + 1;
    this.seen.set(identity, count);
    return `${identity}\n#${count}`;
  }
}
