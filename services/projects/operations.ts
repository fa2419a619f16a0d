import { EVERY_ROLE, MANAGERS, type CredentialAccess } from "../../shared/access";
import { defineOperations } from "../../shared/operations";
import { list, single } from "../../shared/schemas";
import {
  createProjectInput,
  listProjectsInput,
  projectByIdInput,
  updateProjectInput,
  createTaskInput,
  listTasksInput,
  taskByIdInput,
  updateTaskInput,
  createRateInput,
  listRatesInput,
  rateByIdInput,
} from "./inputs";
import { projectSchema, rateSchema, taskSchema } from "./contract";

/** Every role reads projects and their tasks; owners and admins change them (docs/api.md#projects). */
const READ: CredentialAccess = { permission: "projects:read", roles: EVERY_ROLE };
const WRITE: CredentialAccess = { permission: "projects:write", roles: MANAGERS };

/**
 * Rates are the organization's prices: owners and admins only. Reading takes `projects:read`
 * (a read-only key of an admin, for an invoicing tool, can see them), changing
 * `projects:write` (docs/api.md, "Money: rates, amounts and budgets").
 */
const RATES_READ: CredentialAccess = { permission: "projects:read", roles: MANAGERS };
const RATES_WRITE: CredentialAccess = { permission: "projects:write", roles: MANAGERS };

const PROJECTS = "Projects";
const RATES = "Rates";
const TASKS = "Tasks";
const PROJECT = "Project";
const TASK = "Task";

const projectPath = { id: "The project's id, with either prefix (`prj_...` or `proj_...`)" };
const taskPath = { id: "The project's id, with either prefix", task_id: "The task's id (`task_...`)" };
const projectsManagersOnly = "Owners and admins only; members read projects.";
const money =
  "`hourly_rate` is set from the beginning, replacing the project's rate history; `budget` may be `null`. Members read neither rates nor budgets.";
const tasksManagersOnly = "Owners and admins only; members read tasks.";

/** Projects and their tasks (docs/api.md#projects, docs/api.md#tasks). */
export const projectOperations = defineOperations("projects", {
  list: {
    method: "GET",
    path: "/projects",
    summary: "List projects",
    description: "Owners and admins see each project's `hourly_rate`, `budget` and `budget_used`; members see none of them.",
    tag: PROJECTS,
    resource: PROJECT,
    input: listProjectsInput,
    access: READ,
    success: { status: 200, description: "A page of projects, by name", body: list(projectSchema) },
    parameters: {
      archived: "Only archived (`true`) or only active (`false`) projects",
      billable: "Only billable (`true`) or only non-billable (`false`) projects",
    },
  },
  create: {
    method: "POST",
    path: "/projects",
    summary: "Create a project",
    description: `${projectsManagersOnly} A name already used in the organization, in any case, is a 409. ${money}`,
    tag: PROJECTS,
    resource: PROJECT,
    input: createProjectInput,
    access: WRITE,
    success: { status: 201, description: "The new project", body: single(projectSchema), location: "/projects/{data.id}" },
    errors: [409],
  },
  get: {
    method: "GET",
    path: "/projects/:id",
    summary: "Read one project",
    tag: PROJECTS,
    resource: PROJECT,
    input: projectByIdInput,
    access: READ,
    success: { status: 200, description: "The project", body: single(projectSchema) },
    parameters: projectPath,
  },
  update: {
    method: "PATCH",
    alsoMethods: ["PUT"],
    path: "/projects/:id",
    summary: "Change a project",
    description: `${projectsManagersOnly} Changes only the fields given (\`PATCH\` and \`PUT\` alike); unknown fields are a 400. ${money}`,
    tag: PROJECTS,
    resource: PROJECT,
    input: updateProjectInput,
    access: WRITE,
    success: { status: 200, description: "The changed project", body: single(projectSchema) },
    errors: [409],
    parameters: projectPath,
  },
  remove: {
    method: "DELETE",
    path: "/projects/:id",
    summary: "Delete a project",
    description: `${projectsManagersOnly} A project that has time entries cannot be deleted (409): archive it instead.`,
    tag: PROJECTS,
    resource: PROJECT,
    input: projectByIdInput,
    access: WRITE,
    success: { status: 204, description: "Deleted" },
    errors: [409],
    parameters: projectPath,
  },
  archive: {
    method: "POST",
    path: "/projects/:id/archive",
    summary: "Archive a project",
    description: projectsManagersOnly,
    tag: PROJECTS,
    resource: PROJECT,
    input: projectByIdInput,
    access: WRITE,
    success: { status: 200, description: "The archived project", body: single(projectSchema) },
    parameters: projectPath,
  },
  unarchive: {
    method: "POST",
    path: "/projects/:id/unarchive",
    summary: "Unarchive a project",
    description: projectsManagersOnly,
    tag: PROJECTS,
    resource: PROJECT,
    input: projectByIdInput,
    access: WRITE,
    success: { status: 200, description: "The project, active again", body: single(projectSchema) },
    parameters: projectPath,
  },

  // A malformed project id in a task list's or a new task's path is a missing project;
  // in one task's path, a missing task.
  listTasks: {
    method: "GET",
    path: "/projects/:id/tasks",
    summary: "List a project's tasks",
    tag: TASKS,
    resource: PROJECT,
    input: listTasksInput,
    access: READ,
    success: { status: 200, description: "A page of the project's tasks, by name", body: list(taskSchema) },
    parameters: { id: "The project's id, with either prefix", status: "Only `active` or only `done` tasks" },
  },
  createTask: {
    method: "POST",
    path: "/projects/:id/tasks",
    summary: "Create a task in a project",
    description: `${tasksManagersOnly} An archived project takes no new tasks (400); a name already used in the project is a 409.`,
    tag: TASKS,
    resource: PROJECT,
    input: createTaskInput,
    access: WRITE,
    success: {
      status: 201,
      description: "The new task",
      body: single(taskSchema),
      location: "/projects/{data.project_id}/tasks/{data.id}",
    },
    errors: [409],
    parameters: { id: "The project's id, with either prefix" },
  },
  getTask: {
    method: "GET",
    path: "/projects/:id/tasks/:task_id",
    summary: "Read one task",
    tag: TASKS,
    resource: TASK,
    input: taskByIdInput,
    access: READ,
    success: { status: 200, description: "The task", body: single(taskSchema) },
    parameters: taskPath,
  },
  updateTask: {
    method: "PATCH",
    path: "/projects/:id/tasks/:task_id",
    summary: "Change a task",
    description: `${tasksManagersOnly} Changes only the fields given.`,
    tag: TASKS,
    resource: TASK,
    input: updateTaskInput,
    access: WRITE,
    success: { status: 200, description: "The changed task", body: single(taskSchema) },
    errors: [409],
    parameters: taskPath,
  },
  removeTask: {
    method: "DELETE",
    path: "/projects/:id/tasks/:task_id",
    summary: "Delete a task",
    description: `${tasksManagersOnly} A task that has time entries cannot be deleted (409): set its status to \`done\` instead.`,
    tag: TASKS,
    resource: TASK,
    input: taskByIdInput,
    access: WRITE,
    success: { status: 204, description: "Deleted" },
    errors: [409],
    parameters: taskPath,
  },

  listRates: {
    method: "GET",
    path: "/rates",
    summary: "List rate changes",
    description:
      "Owners and admins only. Every recorded change at every level, oldest recorded first. A filter naming another organization's user or project selects nothing.",
    tag: RATES,
    resource: "Rate",
    input: listRatesInput,
    access: RATES_READ,
    success: { status: 200, description: "A page of rate changes, in the order they were recorded", body: list(rateSchema) },
    parameters: {
      level: "Only changes of this level",
      user_id: "Only changes naming this member (`member` and `project_member`)",
      project_id: "Only changes naming this project, with either prefix (`project` and `project_member`)",
    },
  },
  createRate: {
    method: "POST",
    path: "/rates",
    summary: "Record a rate change",
    description:
      "Owners and admins only. From `effective_from` on (the UTC date of an entry's `start_time`), the level's target is billed at `hourly_rate` (`null`: no rate at this level). The level decides which of `user_id` and `project_id` are taken; both must be the organization's (400 otherwise). A second change of one target on one day is a 409 naming the first.",
    tag: RATES,
    resource: "Rate",
    input: createRateInput,
    access: RATES_WRITE,
    success: { status: 201, description: "The recorded change", body: single(rateSchema), location: "/rates/{data.id}" },
    errors: [409],
  },
  getRate: {
    method: "GET",
    path: "/rates/:id",
    summary: "Read one rate change",
    description: "Owners and admins only.",
    tag: RATES,
    resource: "Rate",
    input: rateByIdInput,
    access: RATES_READ,
    success: { status: 200, description: "The rate change", body: single(rateSchema) },
    parameters: { id: "The change's id (`rate_...`)" },
  },
  deleteRate: {
    method: "DELETE",
    path: "/rates/:id",
    summary: "Delete a rate change",
    description: "Owners and admins only. Entries it applied to are billed at the rate in force without it.",
    tag: RATES,
    resource: "Rate",
    input: rateByIdInput,
    access: RATES_WRITE,
    success: { status: 204, description: "Deleted" },
    parameters: { id: "The change's id (`rate_...`)" },
  },
});
