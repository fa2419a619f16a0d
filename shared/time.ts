/** ISO 8601 UTC with `Z` and whole seconds, the form every timestamp takes in responses. */
export function isoSeconds(date: Date = new Date()): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}
