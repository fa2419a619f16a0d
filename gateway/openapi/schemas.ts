import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import type { JsonSchema } from "./types";

const DEFS = "#/$defs/";
const COMPONENTS = "#/components/schemas/";

function pointDefsAtComponents(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pointDefsAtComponents);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === "$ref" && typeof inner === "string" && inner.startsWith(DEFS)
        ? COMPONENTS + inner.slice(DEFS.length)
        : pointDefsAtComponents(inner),
    ]),
  );
}

/**
 * zod schemas as the JSON Schema (2020-12) of one document. Schemas named with
 * `.meta({ id })` become `components.schemas` entries that every use refers to.
 */
export class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {};

  /** `input` for what callers send (defaults are optional), `output` for what they get. */
  convert(schema: z.ZodType, io: "input" | "output"): JsonSchema {
    const converted = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "throw" }) as JsonSchema;
    const { $schema: _dialect, $defs, ...rest } = converted;
    for (const [name, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      this.add(name, pointDefsAtComponents(definition) as JsonSchema);
    }
    return pointDefsAtComponents(rest) as JsonSchema;
  }

  /** Names a schema; the same name for two different schemas is a mistake in the resources. */
  add(name: string, schema: JsonSchema): string {
    const existing = this.schemas[name];
    if (existing && !isDeepStrictEqual(existing, schema)) throw new Error(`two different schemas are both named "${name}"`);
    this.schemas[name] = schema;
    return COMPONENTS + name;
  }
}
