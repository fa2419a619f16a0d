import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable `name` on PATH, else the first of `elsewhere` that is executable. */
export function findExecutable(name: string, elsewhere: readonly string[] = []): string | undefined {
  const onPath = (process.env.PATH ?? "")
    .split(delimiter)
    .filter((dir) => dir !== "")
    .map((dir) => join(dir, name));
  return [...onPath, ...elsewhere].find(isExecutable);
}
