import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";

/**
 * A tag of an organization as stored: one per spelling ignoring case, keeping the spelling
 * first used, so that "Design" and "design" on two entries are one tag shown one way
 * (docs/api.md#tags). `_id` is the organization and the key, so that two requests that
 * bring the same new tag at once store it once.
 */
export interface TagDocument extends StoredDocument {
  organization_id: string;
  /** `tagKey` of the name. */
  key: string;
  name: string;
  created_at: string;
}

export const TAGS_COLLECTION: CollectionSpec = {
  name: "tags",
  indexes: [{ fields: { organization_id: 1, key: 1 }, unique: true }],
};

export function tagDocumentId(organizationId: string, key: string): string {
  return `${organizationId}:${key}`;
}
