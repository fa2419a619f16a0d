import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";
import type { Project } from "./contract";

/** A project as stored: what answers show, and the internal fields. `_id` is the Style A id (`prj_...`). */
export interface ProjectDocument extends StoredDocument, Omit<Project, "id"> {
  organization_id: string;
  /** Lower-cased name: project names are unique in an organization regardless of case. */
  name_key: string;
}

export const PROJECTS_COLLECTION: CollectionSpec = {
  name: "projects",
  indexes: [{ fields: { organization_id: 1, name_key: 1 }, unique: true }, { fields: { organization_id: 1, archived: 1, name_key: 1 } }],
};

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
