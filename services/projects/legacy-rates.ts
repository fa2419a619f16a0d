import type { ProjectStore } from "./project-store";
import type { RateStore } from "./rate-store";

/**
 * Projects stored before rates had history carry `hourly_rate` on the document. Each such
 * rate becomes the project's rate change from the beginning (what setting it directly
 * records today), and the field leaves the document; once done, the query finds nothing.
 * A rate with more than two decimals, which the API took then, is rounded half-up to two:
 * amounts are computed in hundredths. Safe in several processes at once: recording a
 * project's rate from the beginning twice leaves one change.
 */
export async function moveLegacyRates(projects: ProjectStore, rates: RateStore): Promise<number> {
  const legacy = await projects.withLegacyRate();
  let moved = 0;
  for (const doc of legacy) {
    if (typeof doc.hourly_rate !== "number") continue;
    const rate = Math.round(doc.hourly_rate * 100) / 100;
    await rates.replace(doc.organization_id, { level: "project", user_id: null, project_id: doc._id }, rate);
    await projects.dropLegacyRate(doc._id, doc.hourly_rate);
    moved += 1;
  }
  return moved;
}
