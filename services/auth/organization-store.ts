import type { Plan } from "../../shared/identity";
import type { Collection } from "../../shared/storage/port";
import type { OrganizationDocument } from "./organization";

/** The stored form, for the operator's tool that changes plans through this store. */
export type { OrganizationDocument } from "./organization";

/** Organizations, each by its id: an organization is its own tenant. */
export class OrganizationStore {
  constructor(private readonly organizations: Collection<OrganizationDocument>) {}

  insert(doc: OrganizationDocument): Promise<void> {
    return this.organizations.insertOne(doc);
  }

  find(id: string): Promise<OrganizationDocument | null> {
    return this.organizations.findOne({ _id: id });
  }

  async remove(id: string): Promise<void> {
    await this.organizations.deleteOne({ _id: id });
  }

  /** The organization after the change, or `null` when there is none by that id. */
  update(id: string, changes: Partial<Omit<OrganizationDocument, "_id">>): Promise<OrganizationDocument | null> {
    return this.organizations.findOneAndUpdate({ _id: id }, { $set: changes });
  }

  /** Sets the plan when it differs; the organization as it was, or `null` when unknown or already on it. */
  changePlan(id: string, plan: Plan, updatedAt: string): Promise<OrganizationDocument | null> {
    return this.organizations.findOneAndUpdate(
      { _id: id, plan: { $ne: plan } },
      { $set: { plan, updated_at: updatedAt } },
      { returnDocument: "before" },
    );
  }

  /** Organizations that keep screenshots a limited number of days. */
  withScreenshotRetention(): Promise<OrganizationDocument[]> {
    return this.organizations.find({ screenshot_retention_days: { $gte: 1 } });
  }
}
