import { isUtf8 } from "node:buffer";
import type { IncomingMessage, ServerResponse } from "node:http";
import bodyParser from "body-parser";
import { ApiError } from "../shared/errors";
import { NOT_A_JSON_OBJECT } from "../shared/validation";

function hasBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const mediaType = header.split(";")[0]?.trim().toLowerCase() ?? "";
  return mediaType === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}

/** Whether the API serves this method at this path (relative to its style's mount). */
export type ServesOperation = (method: string, path: string) => boolean;

/**
 * Request bodies are JSON: any other media type is a 415 (docs/api.md#request-bodies). Only for requests
 * an operation serves with a JSON body, so that a method a path does not serve gets its 405
 * (or an unknown path its 404) whatever body it carries, and an upload reads its own form.
 */
function requireJsonBody(servesOperation: ServesOperation) {
  return (req: IncomingMessage, _res: ServerResponse, next: (err?: unknown) => void): void => {
    const path = (req.url ?? "").split("?")[0] ?? "";
    if (hasBody(req) && servesOperation(req.method ?? "", path) && !isJsonContentType(req.headers["content-type"])) {
      next(new ApiError("unsupported_media_type", "Request bodies must be JSON, sent as Content-Type: application/json"));
      return;
    }
    next();
  };
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** A request that says it has a body, as body-parser decides it: a length (even 0) or a transfer encoding. */
function declaresBody(req: IncomingMessage): boolean {
  return req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined;
}

/** The JSON body parser of the API's routes: up to 1 MiB, an object or an array, UTF-8 checked first (`verifyJsonBody`). */
const API_JSON_BODIES: bodyParser.OptionsJson = {
  limit: "1mb",
  strict: true,
  type: ["application/json", "application/*+json"],
  verify: verifyJsonBody,
};

/**
 * The API's request bodies: a JSON body where an operation takes one (`requireJsonBody`),
 * parsed by body-parser (`API_JSON_BODIES`). A request without a body (every GET) passes on
 * at once, as body-parser would let it pass after checks of its own.
 */
export function jsonBodies(servesOperation: ServesOperation): Middleware {
  const mustBeJson = requireJsonBody(servesOperation);
  const parse = bodyParser.json(API_JSON_BODIES);
  return (req, res, next) => {
    if (!declaresBody(req)) {
      next();
      return;
    }
    mustBeJson(req, res, (err) => (err ? next(err) : parse(req, res, next)));
  };
}

/** The first character of a JSON text that is not whitespace (RFC 8259 §2). */
function firstSignificant(text: string): string | undefined {
  return /^[ \t\n\r]*(.)/s.exec(text)?.[1];
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const bodyProblem = (message: string) => ApiError.validation([{ field: "body", reason: "invalid", message }]);

/**
 * body-parser's `verify` hook, run on the raw bytes before they are decoded and parsed.
 * - Bytes that are not UTF-8 would be decoded to U+FFFD and stored so: a 400 instead.
 * - In strict mode body-parser calls JSON that is neither an object nor an array (`"x"`,
 *   `3`, `null`) "not valid JSON": say what is wrong with it, as validation says of an array.
 * Bodies declared in another charset (UTF-16, UTF-32) are left to body-parser.
 */
function verifyJsonBody(_req: IncomingMessage, _res: ServerResponse, body: Buffer, encoding: string | null): void {
  if (encoding?.toLowerCase() !== "utf-8") return;
  if (!isUtf8(body)) throw bodyProblem("is not valid UTF-8");
  const text = body.toString("utf8");
  const first = firstSignificant(text);
  if (first !== undefined && first !== "{" && first !== "[" && isJson(text)) throw bodyProblem(NOT_A_JSON_OBJECT);
}
