import type { APIPromise } from "../api-promise.js";
import type { RequestOptions } from "../core.js";
import type { PagePromise } from "../pagination.js";
import { path, Resource } from "../resource.js";
import type { BodyOf, Project, QueryOf } from "../types.js";

export type ProjectListParams = QueryOf<"projects.list">;
export type ProjectCreateParams = BodyOf<"projects.create">;
export type ProjectUpdateParams = BodyOf<"projects.update.patch">;

/** Projects (ids with either prefix, `prj_` or `proj_`, are accepted). */
export class Projects extends Resource {
  /** A page of projects, by name; iterate it for every project. */
  list(params?: ProjectListParams, options?: RequestOptions): PagePromise<Project> {
    return this.page<Project>("/projects", params, options);
  }

  /** A new project; its name must be free in the organization (`ConflictError` otherwise). */
  create(params: ProjectCreateParams, options?: RequestOptions): APIPromise<Project> {
    return this.call("POST", "/projects", { body: params }, options);
  }

  /** One project, by either id prefix. */
  get(id: string, options?: RequestOptions): APIPromise<Project> {
    return this.call("GET", path("projects", id), {}, options);
  }

  /** Changes only the fields given. */
  update(id: string, params: ProjectUpdateParams, options?: RequestOptions): APIPromise<Project> {
    return this.call("PATCH", path("projects", id), { body: params }, options);
  }

  /** A project with time entries cannot be deleted (`ConflictError`): archive it instead. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this.callForNothing("DELETE", path("projects", id), options);
  }

  /** Archives the project: it stays with its entries but takes no new ones. */
  archive(id: string, options?: RequestOptions): APIPromise<Project> {
    return this.call("POST", path("projects", id, "archive"), {}, options);
  }

  /** Makes an archived project active again. */
  unarchive(id: string, options?: RequestOptions): APIPromise<Project> {
    return this.call("POST", path("projects", id, "unarchive"), {}, options);
  }
}
