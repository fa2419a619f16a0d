import { z } from "zod";
import { assertSameShape, idSchema, timestamp, type SameShape } from "../../shared/schemas";
import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";

/** A project as stored. `_id` is the Style A id (`prj_...`). */
export interface ProjectDocument extends StoredDocument {
  organization_id: string;
  name: string;
  /** Lower-cased name: project names are unique in an organization regardless of case. */
  name_key: string;
  description: string | null;
  color: string | null;
  client_name: string | null;
  billable: boolean;
  hourly_rate: number | null;
  archived: boolean;
  created_at: string;
  updated_at: string;
}

export const PROJECTS_COLLECTION: CollectionSpec = {
  name: "projects",
  indexes: [{ fields: { organization_id: 1, name_key: 1 }, unique: true }, { fields: { organization_id: 1, archived: 1, name_key: 1 } }],
};

/** A project as Style A shows it (Style B differs only in the id prefix): the stored fields, minus the internal ones. */
export type Project = { id: string } & Omit<ProjectDocument, "_id" | "organization_id" | "name_key">;

/** The response schema of a project: what the documents show and the handlers return. */
export const projectSchema = z
  .object({
    id: idSchema("project").describe("`prj_...` in Style A, `proj_...` in Style B: the same project"),
    name: z.string().describe("Unique in the organization, whatever the case"),
    description: z.string().nullable(),
    color: z
      .string()
      .regex(/^#[0-9a-f]{6}$/)
      .nullable()
      .meta({ examples: ["#1a2b3c"] }),
    client_name: z.string().nullable(),
    billable: z.boolean().describe("The default for the project's time entries"),
    hourly_rate: z.number().min(0).nullable(),
    archived: z.boolean().describe("An archived project takes no new time entries or timers"),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Project" });
assertSameShape<SameShape<z.output<typeof projectSchema>, Project>>();

export function presentProject(doc: ProjectDocument): Project {
  return {
    id: doc._id,
    name: doc.name,
    description: doc.description,
    color: doc.color,
    client_name: doc.client_name,
    billable: doc.billable,
    hourly_rate: doc.hourly_rate,
    archived: doc.archived,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}

export function nameKey(name: string): string {
  return name.toLocaleLowerCase("en-US");
}
