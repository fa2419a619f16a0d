import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";
import type { BudgetUsed, Project } from "./contract";

/** A project as stored: what answers show, and the internal fields. `_id` is the Style A id (`prj_...`). */
export interface ProjectDocument extends StoredDocument, Omit<Project, "id" | "hourly_rate" | "budget_used"> {
  organization_id: string;
  /** Lower-cased name: project names are unique in an organization regardless of case. */
  name_key: string;
  /**
   * Only on projects stored before rates had history: the service moves it into the rates
   * collection when it starts (`legacy-rates.ts`). The rate lives there.
   */
  hourly_rate?: number | null;
}

export const PROJECTS_COLLECTION: CollectionSpec = {
  name: "projects",
  indexes: [{ fields: { organization_id: 1, name_key: 1 }, unique: true }, { fields: { organization_id: 1, archived: 1, name_key: 1 } }],
};

/**
 * The project as owners and admins see it, and as events carry it: with its rate in force
 * today (the rates collection's, not the document's) and what its budget's current period
 * used (`null` without a budget).
 */
export function presentProject(doc: ProjectDocument, hourlyRate: number | null, budgetUsed: BudgetUsed | null): Project {
  return {
    id: doc._id,
    name: doc.name,
    description: doc.description,
    color: doc.color,
    client_name: doc.client_name,
    billable: doc.billable,
    hourly_rate: hourlyRate,
    budget: doc.budget ?? null,
    budget_used: budgetUsed,
    archived: doc.archived,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}

export function nameKey(name: string): string {
  return name.toLocaleLowerCase("en-US");
}
