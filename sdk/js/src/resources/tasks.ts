import type { APIPromise } from "../api-promise.js";
import type { RequestOptions } from "../core.js";
import type { PagePromise } from "../pagination.js";
import { path, Resource } from "../resource.js";
import type { BodyOf, QueryOf, Task } from "../types.js";

export type TaskListParams = QueryOf<"projects.listTasks">;
export type TaskCreateParams = BodyOf<"projects.createTask">;
export type TaskUpdateParams = BodyOf<"projects.updateTask">;

/** The tasks of a project. */
export class Tasks extends Resource {
  /** The project's tasks; iterate the page for every one. */
  list(projectId: string, params?: TaskListParams, options?: RequestOptions): PagePromise<Task> {
    return this.page<Task>(path("projects", projectId, "tasks"), params, options);
  }

  /** A new task in the project; its name must be free there (`ConflictError` otherwise). */
  create(projectId: string, params: TaskCreateParams, options?: RequestOptions): APIPromise<Task> {
    return this.call("POST", path("projects", projectId, "tasks"), { body: params }, options);
  }

  /** One task of the project. */
  get(projectId: string, taskId: string, options?: RequestOptions): APIPromise<Task> {
    return this.call("GET", path("projects", projectId, "tasks", taskId), {}, options);
  }

  /** Changes only the fields given. */
  update(projectId: string, taskId: string, params: TaskUpdateParams, options?: RequestOptions): APIPromise<Task> {
    return this.call("PATCH", path("projects", projectId, "tasks", taskId), { body: params }, options);
  }

  /** A task with time entries cannot be deleted (`ConflictError`): set its status to `done`. */
  delete(projectId: string, taskId: string, options?: RequestOptions): APIPromise<void> {
    return this.callForNothing("DELETE", path("projects", projectId, "tasks", taskId), options);
  }
}
