import type { z } from "zod";
import type { ErrorStatus } from "./resources/errors";

/** A routed action's input schema (`{ params, query, body }`), as the services declare it. */
export interface RoutedInput {
  shape: { params: z.ZodType; query: z.ZodType; body: z.ZodType };
}

export type SuccessStatus = 200 | 201 | 204;

/**
 * How one action is documented. Parameters and the request body come from the service's own
 * input schema; errors every operation of its kind can answer (400, 401, 403, 404 for path
 * ids, 413/415 for bodies, 429, 500, 503, ...) are added by the document builder, so `errors`
 * lists only what is particular to this action.
 */
export interface OperationDoc {
  summary: string;
  description?: string;
  tag: string;
  input: RoutedInput;
  success: { status: 200 | 201; description: string; body: z.ZodType } | { status: 204; description: string };
  errors?: readonly ErrorStatus[];
  /** Descriptions of path and query parameters, by name. */
  parameters?: Readonly<Record<string, string>>;
}

/** A resource's operations, keyed by action name (`projects.create`). */
export type OperationDocs = Readonly<Record<string, OperationDoc>>;
