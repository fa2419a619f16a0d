import type { Readable } from "node:stream";
import type { PulledStream } from "./pulled-stream";
import type { ActionSchema, Context } from "moleculer";
import type { z } from "zod";
import { admittedIdentity, isPublic, type Access, type PublicAccess } from "./access";
import type { ApiContext, RequestMeta } from "./context";
import type { ErrorStatus } from "./errors";
import type { Identity } from "./identity";
import type { StreamPlan } from "./live/plan";
import { validateRequest } from "./validation";

/**
 * One declaration per public operation: everything the gateway, the OpenAPI documents and
 * the service's action need to know about it. Each service keeps its operations in one
 * table (`services/<name>/operations.ts`); the moleculer actions come from
 * `routedActions`, the gateway's routes and both documents from the same entries.
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What the gateway hands a routed action: the parts of the HTTP request, each with its schema. */
export type RequestSchema = z.ZodObject<{ params: z.ZodType; query: z.ZodType; body: z.ZodType }>;

export type SuccessStatus = 200 | 201 | 202 | 204;

export type Success =
  | {
      /** 202: accepted, carried on in the background; `location` says where to follow it. */
      status: 200 | 201 | 202;
      description: string;
      /** The response body's schema: what the handler returns, and what the documents show. */
      body: z.ZodType;
      /**
       * Where a created resource can be read again, as a path under the style's mount with
       * `{field}` placeholders filled from the body as the caller sees it (`{data.id}`).
       */
      location?: string;
      /**
       * Media types of files the operation can answer instead of JSON (exports), each
       * streamed as an attachment (see `shared/files.ts`).
       */
      files?: readonly FileMediaType[];
      /** Other answers the handler may give instead, each with its own status and body (`withStatus`). */
      otherwise?: readonly OtherSuccess[];
    }
  | { status: 204; description: string }
  | {
      status: 200;
      description: string;
      /**
       * The answer is the bytes of an image of one of these types, shown inline with an
       * `ETag` and `Cache-Control: private`, or a 304 when the caller's `If-None-Match`
       * names that `ETag` (see `answerWithImage` in `shared/files.ts`).
       */
      image: readonly string[];
    }
  | {
      status: 200;
      description: string;
      /**
       * The answer is a stream of Server-Sent Events (`text/event-stream`) that the gateway
       * writes and keeps open (`gateway/live/`). The action answers how: a `StreamPlan`.
       */
      stream: { event: z.ZodType };
    };

/** An answer an operation gives beside its usual one: a preview's 200 beside an accepted job's 202. */
export interface OtherSuccess {
  status: 200 | 201 | 202;
  description: string;
  body: z.ZodType;
}

/** A handler's answer with one of the statuses its operation declares in `otherwise`. */
export class AnswerWithStatus<Body> {
  constructor(
    readonly status: OtherSuccess["status"],
    readonly body: Body,
  ) {}
}

export function withStatus<Body>(status: OtherSuccess["status"], body: Body): AnswerWithStatus<Body> {
  return new AnswerWithStatus(status, body);
}

/** The files an operation can answer with, by media type. */
export const FILE_MEDIA_TYPES = {
  csv: "text/csv",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;
export type FileMediaType = (typeof FILE_MEDIA_TYPES)[keyof typeof FILE_MEDIA_TYPES];

/**
 * A `multipart/form-data` body: the text fields of `input.body`, then one file. The gateway
 * streams the file to the action (`ctx.stream`) as it arrives; the fields must come
 * before it in the form, as they are handed over when the file begins.
 */
export interface Upload {
  /** The form field that carries the file. */
  field: string;
  /** Media type of the file, for the documents. */
  mediaType: string;
  /** The largest file taken; the service counts the bytes, and more is a 413. */
  maxBytes: number;
}

export interface Operation {
  method: HttpMethod;
  /** Further methods served by the same action on the same path (PUT beside PATCH). */
  alsoMethods?: readonly HttpMethod[];
  /** Under each style's mount, moleculer-web's syntax: `/projects/:id`. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** Named in the 404 that a malformed path id gets, e.g. "Project". */
  resource: string;
  input: RequestSchema;
  access: Access;
  success: Success;
  /** Errors particular to this operation; the ones every operation of its kind can give are added. */
  errors?: readonly ErrorStatus[];
  /** Descriptions of path and query parameters, by name. */
  parameters?: Readonly<Record<string, string>>;
  /** The body is a form with a file instead of JSON. */
  upload?: Upload;
}

export interface OperationTable<Ops extends Record<string, Operation> = Record<string, Operation>> {
  /** The moleculer service that serves these operations. */
  service: string;
  operations: Ops;
}

/** A service's table; the object literal keeps each entry's own types for its handler. */
export function defineOperations<const Ops extends Record<string, Operation>>(service: string, operations: Ops): OperationTable<Ops> {
  return { service, operations };
}

type FileOf<O extends Operation> = O["success"] extends { files: readonly FileMediaType[] } ? PulledStream : never;
type ImageOf<O extends Operation> = O["success"] extends { image: readonly string[] } ? Readable | null : never;
type ResultOf<O extends Operation> =
  | (O["success"] extends { body: infer B extends z.ZodType }
      ? z.input<B>
      : O["success"] extends { image: readonly string[] }
        ? never
        : O["success"] extends { stream: object }
          ? StreamPlan
          : null)
  | FileOf<O>
  | ImageOf<O>
  | OtherOf<O>;
type OtherOf<O extends Operation> = O["success"] extends { otherwise: readonly (infer Other extends OtherSuccess)[] }
  ? AnswerWithStatus<z.input<Other["body"]>>
  : never;
type CallerOf<O extends Operation> = O["access"] extends PublicAccess ? undefined : Identity;

/** The code behind one operation: its validated input, its caller, its result. */
export type OperationHandler<O extends Operation> = (
  input: z.output<O["input"]>,
  who: CallerOf<O>,
  ctx: ApiContext<unknown>,
) => Promise<ResultOf<O>>;

export type HandlersOf<T extends OperationTable> = { [K in keyof T["operations"]]: OperationHandler<T["operations"][K]> };

function routedAction(
  operation: Operation,
  handler: (input: unknown, who: Identity | undefined, ctx: ApiContext<unknown>) => Promise<unknown>,
): ActionSchema {
  const { success } = operation;
  return {
    visibility: "published",
    access: operation.access,
    async handler(ctx: Context<unknown, RequestMeta>): Promise<unknown> {
      const who = isPublic(operation.access) ? undefined : admittedIdentity(ctx);
      const input = validateRequest(operation.input, ctx.params, operation.resource);
      const result = await handler(input, who, ctx);
      if (result instanceof AnswerWithStatus) {
        const declared = "otherwise" in success && success.otherwise?.some((other) => other.status === result.status);
        if (!declared) throw new Error(`${operation.method} ${operation.path} answered ${result.status}, which it does not declare`);
        ctx.meta.$statusCode = result.status;
        return result.body;
      }
      if (success.status !== 200) ctx.meta.$statusCode = success.status;
      return result;
    },
  };
}

/** The moleculer actions of a table: one per operation, with its access, input and status. */
export function routedActions<T extends OperationTable>(table: T, handlers: HandlersOf<T>): Record<string, ActionSchema> {
  const byName = handlers as Record<string, (input: unknown, who: Identity | undefined, ctx: ApiContext<unknown>) => Promise<unknown>>;
  return Object.fromEntries(
    Object.entries(table.operations).map(([name, operation]) => {
      const handler = byName[name];
      if (!handler) throw new Error(`${table.service}.${name} has no handler`);
      return [name, routedAction(operation, handler)];
    }),
  );
}

/** Every method an operation is served under. */
export function methodsOf(operation: Operation): readonly HttpMethod[] {
  return [operation.method, ...(operation.alsoMethods ?? [])];
}

/**
 * An endpoint the gateway serves itself rather than through an operation: a protocol with
 * its own bodies and errors, such as OAuth's form-encoded token endpoint and its pages.
 * Described here so that both documents show it beside the operations.
 */
export interface DocumentedEndpoint {
  method: "GET" | "POST";
  /** Under each style's mount, like an operation's. */
  path: string;
  summary: string;
  description: string;
  tag: string;
  /** Query parameters, for GET. */
  query?: z.ZodObject;
  /** Fields of an `application/x-www-form-urlencoded` body (JSON is taken too). */
  form?: z.ZodObject;
  /** The caller may authenticate as an OAuth client with HTTP Basic. */
  clientAuthentication?: boolean;
  /** By status: a JSON `body`, another `contentType` (a page), or no body. */
  responses: Readonly<Record<number, { description: string; body?: z.ZodType; contentType?: string }>>;
}
