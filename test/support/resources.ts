import type { Project, Task } from "../../services/projects/contract";
import type { TimeEntry } from "../../services/time-entries/contract";
import { aProject, aTask, aTimeEntry, type ProjectBody, type TaskBody, type TimeEntryBody } from "./builders";
import type { ApiResponse, Client } from "./http";
import { A } from "./shapes";

/**
 * What a test needs as a given, made through the API from the builders' bodies. A refusal
 * fails the test at once with the answer, rather than later with an undefined id.
 */

function created<T>(what: string, res: ApiResponse<{ data: T }>): T {
  if (res.status !== 201) throw new Error(`${what} not created: ${res.status} ${res.text}`);
  return res.body.data;
}

export async function createProject(api: Client, body: Partial<ProjectBody> = {}, mount = A): Promise<Project> {
  return created("project", await api.post<{ data: Project }>(`${mount}/projects`, aProject(body)));
}

export async function createTask(api: Client, projectId: string, body: Partial<TaskBody> = {}, mount = A): Promise<Task> {
  return created("task", await api.post<{ data: Task }>(`${mount}/projects/${projectId}/tasks`, aTask(body)));
}

export async function createTimeEntry(api: Client, projectId: string, body: Partial<TimeEntryBody> = {}, mount = A): Promise<TimeEntry> {
  return created("time entry", await api.post<{ data: TimeEntry }>(`${mount}/time-entries`, aTimeEntry(projectId, body)));
}
