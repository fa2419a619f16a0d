/** Every item of a paged list, up to `limit` (a guard against a runaway list filling the page). */
export async function collect<T>(pages: AsyncIterable<T>, limit = 2000): Promise<T[]> {
  const items: T[] = [];
  for await (const item of pages) {
    items.push(item);
    if (items.length >= limit) break;
  }
  return items;
}
