import type { Project, Stint, Task } from "@stint/sdk";
import { collect } from "./collect";
import { useLoad, type Loaded } from "./use-load";

/** The organization's projects that take time: not archived, by name. */
export function useActiveProjects(client: Stint): Loaded<Project[]> {
  return useLoad(() => collect(client.projects.list({ archived: false, perPage: 200 })), [client], ["projects"]);
}

/** A project's open tasks, or none when no project is chosen. */
export function useProjectTasks(client: Stint, projectId: string): Loaded<Task[]> {
  return useLoad(
    async () =>
      projectId ? (await collect(client.tasks.list(projectId, { perPage: 200 }))).filter((task) => task.status === "active") : [],
    [client, projectId],
    ["tasks"],
  );
}
