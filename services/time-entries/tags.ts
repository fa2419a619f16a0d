import { isManager } from "../../shared/access";
import type { Identity } from "../../shared/identity";
import { listEnvelope, type ListEnvelope } from "../../shared/paging";
import type { Tag } from "./contract";
import type { ListTagsQuery } from "./inputs";
import type { EntryStores } from "./ports";

/**
 * The organization's tags, each with how many entries the caller can see carry it
 * (docs/api.md#tags). Members see every tag name, as the timer offers them, but count only
 * their own entries, as they see only those.
 */
export async function listTags(stores: EntryStores, who: Identity, query: ListTagsQuery): Promise<ListEnvelope<Tag>> {
  const page = { page: query.page, per_page: query.per_page };
  const { items, total } = await stores.tags.list(who.organizationId, page);
  const counts = await stores.entries.tagCounts(
    who.organizationId,
    items.map((tag) => tag.key),
    isManager(who) ? undefined : who.userId,
  );
  return listEnvelope(
    items.map((tag) => ({ name: tag.name, entry_count: counts.get(tag.key) ?? 0 })),
    total,
    page,
  );
}
