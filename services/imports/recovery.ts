import { ROLE_PERMISSIONS, type Identity } from "../../shared/identity";
import { isoSeconds } from "../../shared/time";
import { authClient } from "../auth/client";
import type { ImportJobDocument } from "./import-job";
import { launch, type ImportDependencies } from "./imports";
import { LAYOUTS } from "./layouts";
import { HEARTBEAT_MS } from "./run";

/*
 * Imports whose process is gone. A process that stops on purpose leaves its imports
 * `running` without a worker; one that dies leaves them with a worker nobody hears from.
 * Either way the next process that finds such an import with its file resumes it from the
 * last row it counted; one that cannot find the file ends it `failed`, saying why. See
 * docs/api.md (Imports).
 */

/** A worker not heard from for this long, and unknown to the bus, is gone. */
export const GONE_AFTER_MS = 3 * HEARTBEAT_MS;
/**
 * A process without the file ends an abandoned import only after this long: the process
 * that kept the file (restarting, say) has had its chance to resume it.
 */
export const FILE_WAIT_MS = 60_000;

export interface Liveness {
  /** Whether another process of the deployment named `worker` is still at work. */
  isAlive(worker: string): boolean;
  /** Embedded mode: no other process exists, so none can be at work or keep a file. */
  alone: boolean;
  /** Whether the services an import calls are reachable (a process just started may not see them yet). */
  servicesReady(): Promise<boolean>;
}

function identityOf(job: ImportJobDocument, role: Identity["role"]): Identity {
  const allowed = ROLE_PERMISSIONS[role];
  return {
    organizationId: job.organization_id,
    // Plans only set rate limits, which a running import is not subject to.
    plan: "free",
    userId: job.user_id,
    role,
    permissions: (job.permissions ?? []).filter((permission) => allowed.includes(permission)),
  };
}

async function endFailed(deps: ImportDependencies, job: ImportJobDocument, reason: string): Promise<void> {
  const now = isoSeconds();
  await deps.jobs.update(job._id, deps.worker, {
    status: "failed",
    errors: [...(job.errors ?? []), { row: (job.rows_done_to ?? 1) + 1, field: "file", reason }],
    updated_at: now,
    finished_at: now,
  });
}

/** Resumes or ends one job this process has just claimed. */
async function takeOver(deps: ImportDependencies, job: ImportJobDocument): Promise<"resumed" | "failed"> {
  if (!(await deps.files.has(job._id))) {
    await endFailed(
      deps,
      job,
      "was not finished: the process importing it stopped, and the file is not kept where this one could resume it. Import the file again: rows imported already are skipped",
    );
    return "failed";
  }
  const user = await authClient.over(deps.caller).getUser({ organizationId: job.organization_id, userId: job.user_id });
  if (!user) {
    await endFailed(deps, job, "was not finished: the person who started it is no longer in the organization");
    return "failed";
  }
  launch(deps, { job, who: identityOf(job, user.role), layout: LAYOUTS[job.source] });
  return "resumed";
}

/**
 * Looks for running imports no process is at work on, and resumes them here or ends them.
 * Safe to run in every replica at once: a job is taken by one of them only.
 */
export async function recoverImports(
  deps: ImportDependencies,
  liveness: Liveness,
  now = Date.now(),
): Promise<{ resumed: number; failed: number }> {
  const counts = { resumed: 0, failed: 0 };
  const candidates = (await deps.jobs.running()).filter((job) => !deps.running.has(job._id));
  // Taken over before the services it calls are seen, an import would end failed at its first batch.
  if (candidates.length === 0 || !(await liveness.servicesReady())) return counts;
  for (const job of candidates) {
    const worker = job.worker ?? null;
    const silentFor = now - Date.parse(job.heartbeat_at ?? job.updated_at);
    const gone = worker === null || worker === deps.worker || liveness.alone || (!liveness.isAlive(worker) && silentFor >= GONE_AFTER_MS);
    if (!gone) continue;
    const hasFile = await deps.files.has(job._id);
    if (!hasFile && !liveness.alone && silentFor < FILE_WAIT_MS) continue;
    const claimed = await deps.jobs.claim(job, deps.worker, isoSeconds());
    if (!claimed) continue;
    const outcome = await takeOver(deps, claimed);
    deps.onTakenOver(job._id, outcome, (claimed.rows_done_to ?? 1) + 1);
    counts[outcome] += 1;
  }
  return counts;
}
