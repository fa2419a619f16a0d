import { z } from "zod";
import { createProjectInput, listProjectsInput, projectByIdInput, updateProjectInput } from "../../../services/projects/inputs";
import type { Project } from "../../../services/projects/project";
import type { OperationDocs } from "../operation";
import { assertSameShape, idSchema, list, single, timestamp, type SameShape } from "./common";

export const project = z
  .object({
    id: idSchema("project").describe("`prj_...` in Style A, `proj_...` in Style B: the same project"),
    name: z.string().describe("Unique in the organization, whatever the case"),
    description: z.string().nullable(),
    color: z.string().regex(/^#[0-9a-f]{6}$/).nullable().meta({ examples: ["#1a2b3c"] }),
    client_name: z.string().nullable(),
    billable: z.boolean().describe("The default for the project's time entries"),
    hourly_rate: z.number().min(0).nullable(),
    archived: z.boolean().describe("An archived project takes no new time entries or timers"),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Project" });
assertSameShape<SameShape<z.output<typeof project>, Project>>();

const projectId = { id: "The project's id, with either prefix (`prj_...` or `proj_...`)" };
const managersOnly = "Owners and admins only; members read projects.";

export const projectOperations: OperationDocs = {
  "projects.list": {
    summary: "List projects",
    tag: "Projects",
    input: listProjectsInput,
    success: { status: 200, description: "A page of projects, by name", body: list(project) },
    parameters: { archived: "Only archived (`true`) or only active (`false`) projects", billable: "Only billable (`true`) or only non-billable (`false`) projects" },
  },
  "projects.create": {
    summary: "Create a project",
    description: `${managersOnly} A name already used in the organization, in any case, is a 409.`,
    tag: "Projects",
    input: createProjectInput,
    success: { status: 201, description: "The new project", body: single(project) },
    errors: [409],
  },
  "projects.get": {
    summary: "Read one project",
    tag: "Projects",
    input: projectByIdInput,
    success: { status: 200, description: "The project", body: single(project) },
    parameters: projectId,
  },
  "projects.update": {
    summary: "Change a project",
    description: `${managersOnly} Changes only the fields given (\`PATCH\` and \`PUT\` alike); unknown fields are a 400.`,
    tag: "Projects",
    input: updateProjectInput,
    success: { status: 200, description: "The changed project", body: single(project) },
    errors: [409],
    parameters: projectId,
  },
  "projects.remove": {
    summary: "Delete a project",
    description: `${managersOnly} A project that has time entries cannot be deleted (409): archive it instead.`,
    tag: "Projects",
    input: projectByIdInput,
    success: { status: 204, description: "Deleted" },
    errors: [409],
    parameters: projectId,
  },
  "projects.archive": {
    summary: "Archive a project",
    description: managersOnly,
    tag: "Projects",
    input: projectByIdInput,
    success: { status: 200, description: "The archived project", body: single(project) },
    parameters: projectId,
  },
  "projects.unarchive": {
    summary: "Unarchive a project",
    description: managersOnly,
    tag: "Projects",
    input: projectByIdInput,
    success: { status: 200, description: "The project, active again", body: single(project) },
    parameters: projectId,
  },
};
