import { skipOf, type Page } from "../../shared/paging";
import type { Collection } from "../../shared/storage/port";
import { isoSeconds } from "../../shared/time";
import { tagKey } from "./contract";
import { tagDocumentId, type TagDocument } from "./tag";

/** The tags of one organization at a time: every query carries `organization_id`. */
export class TagStore {
  constructor(private readonly tags: Collection<TagDocument>) {}

  /**
   * `names` in the organization's spelling: a tag it has used before in another case is
   * written as it was first written; a new one is kept as given, and from now on is the
   * spelling. Two requests bringing one new tag at once store it once (its `_id`), and both
   * read back the one that was stored.
   */
  async spell(organizationId: string, names: readonly string[]): Promise<string[]> {
    if (names.length === 0) return [];
    const keys = names.map(tagKey);
    const spelled = await this.spellings(organizationId, keys);
    const missing = names.filter((_name, i) => !spelled.has(keys[i] as string));
    if (missing.length > 0) {
      const now = isoSeconds();
      await this.tags.insertMany(
        missing.map((name) => ({
          _id: tagDocumentId(organizationId, tagKey(name)),
          organization_id: organizationId,
          key: tagKey(name),
          name,
          created_at: now,
        })),
      );
      for (const [key, name] of await this.spellings(organizationId, missing.map(tagKey))) spelled.set(key, name);
    }
    return names.map((name, i) => spelled.get(keys[i] as string) ?? name);
  }

  private async spellings(organizationId: string, keys: readonly string[]): Promise<Map<string, string>> {
    const found = await this.tags.find({ organization_id: organizationId, key: { $in: [...keys] } });
    return new Map(found.map((doc) => [doc.key, doc.name]));
  }

  /** A page of the organization's tags, by key. */
  async list(organizationId: string, page: Page): Promise<{ items: TagDocument[]; total: number }> {
    const filter = { organization_id: organizationId };
    const [items, total] = await Promise.all([
      this.tags.find(filter, { sort: { key: 1 }, skip: skipOf(page), limit: page.per_page }),
      this.tags.count(filter),
    ]);
    return { items, total };
  }
}
