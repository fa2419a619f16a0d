/**
 * The nearest-rank percentile of `values` (as the HTTP loads report theirs): the smallest
 * value with at least `percentile` per cent of them at or below it. NaN when there are none.
 * Its 50th is the median of an odd count, and the lower of the middle two of an even one.
 */
export function nearestRank(values: readonly number[], percentile: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((percentile / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}
