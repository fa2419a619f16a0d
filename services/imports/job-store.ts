import type { Collection } from "../../shared/storage/port";
import type { ImportJobDocument } from "./import-job";

/** Import jobs of one organization at a time: every read carries `organization_id`. */
export class JobStore {
  constructor(private readonly jobs: Collection<ImportJobDocument>) {}

  insert(doc: ImportJobDocument): Promise<void> {
    return this.jobs.insertOne(doc);
  }

  find(organizationId: string, id: string): Promise<ImportJobDocument | null> {
    return this.jobs.findOne({ _id: id, organization_id: organizationId });
  }

  async update(id: string, changes: Partial<ImportJobDocument>): Promise<void> {
    await this.jobs.findOneAndUpdate({ _id: id }, { $set: changes });
  }
}
