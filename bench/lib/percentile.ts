/**
 * The nearest-rank percentile of `sorted` (ascending), as the HTTP loads report theirs: the
 * smallest value with at least `percentile` per cent of them at or below it. NaN when there
 * are none. Its 50th is the median of an odd count, and the lower of the middle two of an
 * even one. For several percentiles of one set: sort once, then ask this for each.
 */
export function nearestRankOfSorted(sorted: ArrayLike<number>, percentile: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((percentile / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** `nearestRankOfSorted` of values in any order. */
export function nearestRank(values: readonly number[], percentile: number): number {
  return nearestRankOfSorted(
    [...values].sort((a, b) => a - b),
    percentile,
  );
}
