import { nearestRank } from "../lib/percentile";

/** Durations of one kind of call, in milliseconds, and what the scenario reports of them. */
export class Durations {
  private readonly values: number[] = [];

  add(ms: number): void {
    this.values.push(ms);
  }

  get count(): number {
    return this.values.length;
  }

  /** Nearest-rank percentile (as the HTTP loads report theirs); NaN when empty. */
  percentile(rank: number): number {
    return nearestRank(this.values, rank);
  }

  mean(): number {
    return this.values.length === 0 ? Number.NaN : this.values.reduce((sum, value) => sum + value, 0) / this.values.length;
  }

  max(): number {
    return this.values.length === 0 ? Number.NaN : Math.max(...this.values);
  }
}

/** Runs `work` and adds how long it took, in fractional milliseconds, to `into`. */
export async function timed<T>(into: Durations | undefined, work: () => Promise<T>): Promise<T> {
  const startedAt = process.hrtime.bigint();
  const result = await work();
  into?.add(Number(process.hrtime.bigint() - startedAt) / 1e6);
  return result;
}

const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : "-");

/**
 * One operation measured both ways: its figures under `<key>.service.*` and `<key>.raw.*`
 * (`p50Ms`, `p95Ms`, `meanMs`, `n`), and two table rows with the service's ratios.
 */
export function compareFigures(
  key: string,
  label: string,
  service: Durations,
  raw: Durations,
): { figures: Record<string, number>; rows: string[][] } {
  const figures: Record<string, number> = {};
  const sides: Array<["service" | "raw", Durations]> = [
    ["service", service],
    ["raw", raw],
  ];
  for (const [side, durations] of sides) {
    figures[`${key}.${side}.n`] = durations.count;
    figures[`${key}.${side}.p50Ms`] = durations.percentile(50);
    figures[`${key}.${side}.p95Ms`] = durations.percentile(95);
    figures[`${key}.${side}.meanMs`] = durations.mean();
    figures[`${key}.${side}.maxMs`] = durations.max();
  }
  const ratio = (rank: number) => service.percentile(rank) / raw.percentile(rank);
  const row = (side: string, durations: Durations, ratios: boolean) => [
    label,
    side,
    String(durations.count),
    fixed(durations.percentile(50), 2),
    fixed(durations.percentile(95), 2),
    fixed(durations.mean(), 2),
    fixed(durations.max(), 1),
    ratios ? `${fixed(ratio(50), 2)}x` : "",
    ratios ? `${fixed(ratio(95), 2)}x` : "",
  ];
  return { figures, rows: [row("service", service, true), row("raw driver", raw, false)] };
}

export const COMPARISON_HEADER = ["operation", "side", "n", "p50 ms", "p95 ms", "mean ms", "max ms", "service/raw p50", "service/raw p95"];
