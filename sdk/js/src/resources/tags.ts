import type { RequestOptions } from "../core.js";
import type { PagePromise } from "../pagination.js";
import { Resource } from "../resource.js";
import type { QueryOf, Tag } from "../types.js";

export type TagListParams = QueryOf<"timeEntries.listTags">;

/** The organization's tags, each as first spelled, with how many entries the caller sees carry it. */
export class Tags extends Resource {
  /** A page of tags, by name ignoring case; iterate it for every tag. */
  list(params?: TagListParams, options?: RequestOptions): PagePromise<Tag> {
    return this.page<Tag>("/tags", params, options);
  }
}
