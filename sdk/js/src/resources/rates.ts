import type { APIPromise } from "../api-promise.js";
import type { RequestOptions } from "../core.js";
import type { PagePromise } from "../pagination.js";
import { path, Resource } from "../resource.js";
import type { BodyOf, QueryOf, Rate } from "../types.js";

export type RateListParams = QueryOf<"projects.listRates">;
export type RateCreateParams = BodyOf<"projects.createRate">;

/** Rate changes at every level, each from a UTC day on (owners and admins only). */
export class Rates extends Resource {
  /** A page of rate changes, oldest recorded first; iterate it for every change. */
  list(params?: RateListParams, options?: RequestOptions): PagePromise<Rate> {
    return this.page<Rate>("/rates", params, options);
  }

  /** Records a change; a second change of one target on one day is a `ConflictError`. */
  create(params: RateCreateParams, options?: RequestOptions): APIPromise<Rate> {
    return this.call("POST", "/rates", { body: params }, options);
  }

  /** One rate change. */
  get(id: string, options?: RequestOptions): APIPromise<Rate> {
    return this.call("GET", path("rates", id), {}, options);
  }

  /** Deletes a change: the entries it applied to take the rate in force without it. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this.callForNothing("DELETE", path("rates", id), options);
  }
}
