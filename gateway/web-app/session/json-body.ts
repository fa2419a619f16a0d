import type { IncomingMessage } from "node:http";
import { z } from "zod";
import { ApiError } from "../../../shared/errors";
import { validate } from "../../../shared/validation";

/** The session endpoints take a token or nothing: anything larger is refused before it is read in full. */
export const MAX_SESSION_BODY_BYTES = 4096;

const tooLarge = () =>
  new ApiError("payload_too_large", `The request body is larger than ${MAX_SESSION_BODY_BYTES} bytes`, {
    limit_bytes: MAX_SESSION_BODY_BYTES,
  });
const invalid = (message: string) => new ApiError("invalid_request", message, { field: "body", reason: "invalid" });

function isJson(req: IncomingMessage): boolean {
  const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  return type === "application/json";
}

async function readText(req: IncomingMessage): Promise<string> {
  if (Number(req.headers["content-length"] ?? 0) > MAX_SESSION_BODY_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > MAX_SESSION_BODY_BYTES) throw tooLarge();
      chunks.push(buffer);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // The client went away or sent a broken body: its fault, not a 500.
    throw invalid("The request body was not received in full");
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The request's JSON body checked against `schema`, or the 4xx saying what is wrong. A
 * request without a body reads as `{}`, for endpoints whose every field is optional.
 */
export async function readJsonBody<S extends z.ZodType>(req: IncomingMessage, schema: S): Promise<z.output<S>> {
  const text = await readText(req);
  let parsed: unknown = {};
  if (text.length > 0) {
    if (!isJson(req)) throw new ApiError("unsupported_media_type", "Send the body as application/json");
    try {
      parsed = JSON.parse(text);
    } catch {
      throw invalid("The request body is not valid JSON");
    }
  }
  return validate(schema, parsed);
}
