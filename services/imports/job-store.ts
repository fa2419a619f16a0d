import type { Collection } from "../../shared/storage/port";
import type { ImportJobDocument } from "./import-job";

/**
 * Import jobs. Requests read one organization's at a time (every read carries
 * `organization_id`); the process running an import writes it only while it is still the
 * job's worker, so that one taken over by another process is never written by two.
 */
export class JobStore {
  constructor(private readonly jobs: Collection<ImportJobDocument>) {}

  insert(doc: ImportJobDocument): Promise<void> {
    return this.jobs.insertOne(doc);
  }

  find(organizationId: string, id: string): Promise<ImportJobDocument | null> {
    return this.jobs.findOne({ _id: id, organization_id: organizationId });
  }

  /** Writes a running job's progress; `false` when `worker` no longer runs it. */
  async update(id: string, worker: string, changes: Partial<ImportJobDocument>): Promise<boolean> {
    return (await this.jobs.findOneAndUpdate({ _id: id, worker, status: "running" }, { $set: changes })) !== null;
  }

  /** Every job still running, of every organization: those whose process is gone are resumed or ended. */
  running(): Promise<ImportJobDocument[]> {
    return this.jobs.find({ status: "running" }, { sort: { created_at: 1 }, limit: 1000 });
  }

  /** Makes `worker` the job's process, if it still is as `seen` (no other process took it meanwhile). */
  claim(seen: ImportJobDocument, worker: string, now: string): Promise<ImportJobDocument | null> {
    return this.jobs.findOneAndUpdate(
      { _id: seen._id, status: "running", worker: seen.worker ?? null, heartbeat_at: seen.heartbeat_at ?? null },
      { $set: { worker, heartbeat_at: now, updated_at: now } },
    );
  }

  /** Whether a job of this id is running (its kept file is still needed). */
  async isRunning(id: string): Promise<boolean> {
    return (await this.jobs.findOne({ _id: id, status: "running" })) !== null;
  }
}
