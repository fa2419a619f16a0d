import { skipOf, type Page } from "../../shared/paging";
import type { Collection } from "../../shared/storage/port";
import type { ApplicationDocument } from "./application";
import { builtInApplication } from "./built-in-applications";

type Changes = Partial<Omit<ApplicationDocument, "_id" | "organization_id" | "client_id">>;

/**
 * Applications, by organization for the portal; by client id for the protocol, which knows no
 * organization and also finds the built-in applications (never stored, never in a portal).
 */
export class ApplicationStore {
  constructor(private readonly applications: Collection<ApplicationDocument>) {}

  insert(doc: ApplicationDocument): Promise<void> {
    return this.applications.insertOne(doc);
  }

  find(organizationId: string, id: string): Promise<ApplicationDocument | null> {
    return this.applications.findOne({ _id: id, organization_id: organizationId });
  }

  /** Whatever its status: the protocol tells a disabled application apart itself. */
  byClientId(clientId: string): Promise<ApplicationDocument | null> {
    const builtIn = builtInApplication(clientId);
    return builtIn ? Promise.resolve(builtIn) : this.applications.findOne({ client_id: clientId });
  }

  activeByClientId(clientId: string): Promise<ApplicationDocument | null> {
    const builtIn = builtInApplication(clientId);
    return builtIn ? Promise.resolve(builtIn) : this.applications.findOne({ client_id: clientId, status: "active" });
  }

  async byClientIds(clientIds: readonly string[]): Promise<ApplicationDocument[]> {
    const builtIn = clientIds.map(builtInApplication).filter((app) => app !== undefined);
    const stored = await this.applications.find({ client_id: { $in: clientIds.filter((id) => !builtInApplication(id)) } });
    return [...builtIn, ...stored];
  }

  /** A page of the organization's applications, newest first. */
  async list(organizationId: string, page: Page): Promise<{ items: ApplicationDocument[]; total: number }> {
    const filter = { organization_id: organizationId };
    const [items, total] = await Promise.all([
      this.applications.find(filter, { sort: { created_at: -1, _id: 1 }, skip: skipOf(page), limit: page.per_page }),
      this.applications.count(filter),
    ]);
    return { items, total };
  }

  /** The application after the change, or `null` when the organization has none by that id. */
  update(organizationId: string, id: string, changes: Changes): Promise<ApplicationDocument | null> {
    return this.applications.findOneAndUpdate({ _id: id, organization_id: organizationId }, { $set: changes }, { returnDocument: "after" });
  }

  /** The change only while the secret is still `secretHash`: of two rotations at once, one wins. */
  updateIfSecret(organizationId: string, id: string, secretHash: string, changes: Changes): Promise<ApplicationDocument | null> {
    return this.applications.findOneAndUpdate(
      { _id: id, organization_id: organizationId, secret_hash: secretHash },
      { $set: changes },
      { returnDocument: "after" },
    );
  }

  delete(organizationId: string, id: string): Promise<boolean> {
    return this.applications.deleteOne({ _id: id, organization_id: organizationId });
  }
}
