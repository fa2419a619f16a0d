import type { Filter, PipelineStage, Update } from "./port";

/**
 * What both adapters check so that a query which works in embedded mode also works on
 * MongoDB and FerretDB 1.x, instead of failing (or, worse, answering wrongly) only there.
 */

export class UnsupportedQueryError extends Error {
  constructor(message: string) {
    super(`outside the storage port: ${message}`);
    this.name = "UnsupportedQueryError";
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (!isPlainObject(value)) return false;
  const first = Object.keys(value)[0];
  return first !== undefined && first.startsWith("$");
}

/**
 * The `path -> value` pairs an upsert starts from: top-level fields compared by plain
 * equality or `$eq`. Fields under other operators are left out, as in MongoDB; so are
 * equalities inside `$and`, which MongoDB would copy but FerretDB 1.24 does not.
 */
export function equalityFields(filter: Filter): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  for (const [path, condition] of Object.entries(filter)) {
    if (path.startsWith("$")) continue;
    if (!isOperatorObject(condition)) fields.set(path, condition);
    else if (Object.keys(condition).length === 1 && "$eq" in condition) fields.set(path, condition.$eq);
  }
  return fields;
}

const UPDATE_OPERATORS = new Set(["$set", "$unset", "$inc"]);

/** Throws `UnsupportedQueryError` for an update with operators other than `$set`, `$unset` and `$inc`. */
export function assertPortableUpdate(update: Update): void {
  const operators = Object.keys(update);
  if (operators.length === 0) throw new UnsupportedQueryError("an update needs $set, $unset or $inc");
  for (const operator of operators) {
    if (!UPDATE_OPERATORS.has(operator)) throw new UnsupportedQueryError(`update operator ${operator}`);
  }
}

const STAGES = new Set(["$match", "$group", "$sort", "$project", "$unwind", "$skip", "$limit", "$count"]);

function isFieldPath(value: unknown): value is string {
  return typeof value === "string" && value.startsWith("$") && value.length > 1 && !value.startsWith("$$");
}

function checkGroup(group: Record<string, unknown>): void {
  if (!("_id" in group)) throw new UnsupportedQueryError("$group needs an _id");
  const accumulators = Object.entries(group).filter(([field]) => field !== "_id");
  // FerretDB 1.24 feeds one iterator to every accumulator of a $group, so each one after
  // the first silently sums nothing: one accumulator per $group.
  if (accumulators.length > 1) throw new UnsupportedQueryError("one accumulator per $group (FerretDB 1.x computes only the first)");
  for (const [field, accumulator] of accumulators) {
    const sum = isPlainObject(accumulator) && Object.keys(accumulator).length === 1 ? accumulator.$sum : undefined;
    // FerretDB 1.24 sums a number or a field path, not an expression.
    if (!(typeof sum === "number" || isFieldPath(sum)))
      throw new UnsupportedQueryError(`$group field "${field}" must be { $sum: <number or "$field"> }`);
  }
}

function checkStage(stage: PipelineStage): void {
  const keys = Object.keys(stage);
  const name = keys[0];
  if (keys.length !== 1 || name === undefined || !STAGES.has(name)) throw new UnsupportedQueryError(`stage ${JSON.stringify(keys)}`);
  const spec = stage[name];
  switch (name) {
    case "$match":
      if (!isPlainObject(spec)) throw new UnsupportedQueryError("$match takes a filter object");
      return;
    case "$group":
      if (!isPlainObject(spec)) throw new UnsupportedQueryError("$group takes an object");
      checkGroup(spec);
      return;
    case "$sort":
      if (!isPlainObject(spec) || Object.keys(spec).length === 0 || Object.values(spec).some((order) => order !== 1 && order !== -1)) {
        throw new UnsupportedQueryError("$sort takes { field: 1 | -1 }");
      }
      return;
    case "$project":
      // FerretDB 1.24 returns `"$field"` expressions as literal strings: inclusion and exclusion only.
      if (!isPlainObject(spec) || Object.values(spec).some((flag) => ![0, 1, true, false].includes(flag as number | boolean))) {
        throw new UnsupportedQueryError("$project takes { field: 0 | 1 } (no expressions)");
      }
      return;
    case "$unwind":
      // FerretDB 1.24 supports only the string form.
      if (!isFieldPath(spec)) throw new UnsupportedQueryError('$unwind takes "$field"');
      return;
    case "$skip":
    case "$limit":
      if (!Number.isInteger(spec) || (spec as number) < (name === "$skip" ? 0 : 1))
        throw new UnsupportedQueryError(`${name} takes a ${name === "$skip" ? "non-negative" : "positive"} integer`);
      return;
    case "$count":
      if (typeof spec !== "string" || spec === "" || spec.startsWith("$") || spec.includes("."))
        throw new UnsupportedQueryError("$count takes a field name");
      return;
  }
}

/** Throws `UnsupportedQueryError` for a pipeline that MongoDB, FerretDB 1.24 and the embedded store would not all run alike. */
export function assertPortablePipeline(pipeline: readonly PipelineStage[]): void {
  for (const stage of pipeline) checkStage(stage);
}

/** Documents per batch of a stream when the caller names no size. */
export const STREAM_BATCH = 1000;

const TOP_LEVEL_NAME = /^[A-Za-z0-9_]{1,100}$/;

/** Throws `UnsupportedQueryError` unless every streamed field is a top-level name other than `_id` (which always comes). */
export function assertStreamFields(fields: readonly string[]): void {
  for (const field of fields) {
    if (field === "_id" || !TOP_LEVEL_NAME.test(field)) throw new UnsupportedQueryError(`stream field ${JSON.stringify(field)}`);
  }
}
