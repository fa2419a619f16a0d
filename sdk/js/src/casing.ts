/** `projectId` -> `project_id`; names already in snake_case pass unchanged. */
export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/**
 * An input's top-level keys in the API's snake_case, with `undefined` values left out. Values
 * are passed as given: inputs are one level deep, and nested values (permissions, events,
 * redirect URIs) are lists of strings.
 */
export function toSnakeKeys(input: object | undefined): Record<string, unknown> | undefined {
  if (input === undefined) return undefined;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) {
    if (value !== undefined) out[snakeCase(name)] = value;
  }
  return out;
}
