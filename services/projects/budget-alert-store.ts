import { DuplicateKeyError, type Collection } from "../../shared/storage/port";
import type { BudgetAlertDocument } from "./budget-alert";

/** Announcements of budgets reached, by key. */
export class BudgetAlertStore {
  constructor(private readonly alerts: Collection<BudgetAlertDocument>) {}

  async made(key: string): Promise<boolean> {
    return (await this.alerts.findOne({ _id: key })) !== null;
  }

  /** Takes the announcement for this process; `false` when another took it first. */
  async claim(doc: BudgetAlertDocument): Promise<boolean> {
    try {
      await this.alerts.insertOne(doc);
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  /** Forgets a deleted project's announcements. */
  deleteOfProject(organizationId: string, projectId: string): Promise<number> {
    return this.alerts.deleteMany({ organization_id: organizationId, project_id: projectId });
  }
}
