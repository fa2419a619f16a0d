import type { IncomingMessage, ServerResponse } from "node:http";
import type { Readable } from "node:stream";
import Busboy, { type BusboyHeaders } from "@fastify/busboy";
import type { Context } from "moleculer";
import type { IncomingRequest } from "moleculer-web";
import { ApiError } from "../shared/errors";
import type { Upload } from "../shared/operations";

/**
 * `multipart/form-data` for the operations that take a file (docs/api.md#request-bodies): the text
 * fields become the action's `body`, and the file is handed to the action as a stream
 * while it arrives, never held whole in the gateway. moleculer-web's own multipart alias
 * is not used: past its size limit it throws where no handler catches it, and it calls
 * the action once per file with whatever fields came before.
 */

/** What the gateway keeps of an upload between reading the form's head and calling the action. */
export interface ReceivedUpload {
  file: Readable;
  /** Whether the file went past the operation's limit: the answer is a 413 whatever the action says. */
  tooLarge(): boolean;
  /** Stops reading the request: what is left of it is not wanted. */
  abandon(): void;
}

type WithUpload = IncomingRequest & { $upload?: ReceivedUpload; $params: { body?: unknown } };

export function uploadOf(req: IncomingRequest): ReceivedUpload | undefined {
  return (req as WithUpload).$upload;
}

/**
 * After a refused upload, how long the client may pause and how much more of the body it may
 * send before the connection closes. Closing at once would throw away the answer: a client
 * still sending gets a reset before it reads the 413. Servers call this a lingering close.
 */
const LINGER_MS = 2000;
const LINGER_BYTES = 4 * 1024 * 1024;

/**
 * Drops what is left of the body as it arrives (no memory is spent on it) and, instead of
 * node's close right after the answer, sends the answer's end and keeps reading: the
 * connection closes when the body has ended, when the client has sent `LINGER_BYTES` more,
 * or when it has sent nothing for `LINGER_MS`. A timer from the answer alone reset clients
 * that were still sending the body's last bytes on a busy machine, and a reset can lose the
 * answer the client had not read yet. The bytes are counted from the answer on: before it is
 * written (distributed, the refusal crosses the bus first) a count would close the
 * connection with the answer still unsent.
 */
function closeAfterLingering(req: IncomingMessage): void {
  const socket = req.socket as IncomingMessage["socket"] & { destroySoon?: () => void };
  let answered = false;
  let droppedSinceAnswer = 0;
  let quiet: NodeJS.Timeout | undefined;
  let closing = false;
  // Once the answer has left for the kernel: destroying before would drop what is still queued.
  const close = () => {
    if (closing) return;
    closing = true;
    clearTimeout(quiet);
    if (socket.writableFinished) socket.destroy();
    else socket.once("finish", () => socket.destroy());
  };
  const closeWhenQuiet = () => {
    if (closing) return;
    clearTimeout(quiet);
    quiet = setTimeout(close, LINGER_MS).unref();
  };
  req.on("data", (chunk: Buffer) => {
    if (!answered) return;
    droppedSinceAnswer += chunk.length;
    if (droppedSinceAnswer > LINGER_BYTES) close();
    else closeWhenQuiet();
  });
  // Everything the client sent is read: closing now resets nothing.
  req.once("end", () => {
    if (answered) close();
  });
  req.resume();
  socket.destroySoon = () => {
    answered = true;
    socket.end();
    if (req.readableEnded) close();
    else closeWhenQuiet();
  };
}

const MAX_FIELDS = 10;
const MAX_FIELD_BYTES = 1024;

const tooLargeError = (upload: Upload) =>
  new ApiError("payload_too_large", `The file is larger than ${upload.maxBytes / (1024 * 1024)} MiB`);

/**
 * An alias middleware, run after the caller is admitted: reads the form up to its file,
 * puts the fields before it in `req.$params.body` and the file in `req.$upload`, then lets
 * moleculer-web go on to the action. A form without a file is a 400, another media type a 415.
 */
export function receiveUpload(upload: Upload) {
  return function (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void {
    let busboy: InstanceType<typeof Busboy>;
    try {
      busboy = new Busboy({
        headers: req.headers as BusboyHeaders,
        // One byte past the limit reaches the action, which counts and refuses it.
        limits: { files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, fileSize: upload.maxBytes + 1, parts: MAX_FIELDS + 1 },
      });
    } catch {
      next(new ApiError("unsupported_media_type", "This operation takes a form: send Content-Type: multipart/form-data"));
      return;
    }
    const fields: Record<string, string> = {};
    let handedOver = false;
    let tooLarge = false;
    let abandoned = false;
    const abandon = () => {
      if (abandoned) return;
      abandoned = true;
      req.unpipe(busboy);
      // The rest of the body is not wanted: the connection closes after the answer.
      if (!res.headersSent) res.setHeader("Connection", "close");
      closeAfterLingering(req);
    };
    const fail = (error: unknown) => {
      if (handedOver) return;
      handedOver = true;
      abandon();
      next(error);
    };
    busboy.on("field", (name: string, value: string, _nameTruncated: boolean, valueTruncated: boolean) => {
      if (valueTruncated) {
        fail(ApiError.validation([{ field: name, reason: "too_long", message: `must be at most ${MAX_FIELD_BYTES} bytes` }]));
        return;
      }
      fields[name] = value;
    });
    busboy.on("file", (name: string, file: Readable) => {
      if (handedOver || name !== upload.field) {
        file.resume();
        return;
      }
      handedOver = true;
      // Whoever reads the file hears of its errors; this listener only keeps an unread one from crashing the process.
      file.on("error", () => undefined);
      // A client gone before the file's end: the reader learns so now, rather than waiting on a stream that will never end.
      req.once("close", () => {
        if (!req.complete && !file.destroyed) file.destroy(new Error("the request ended before the file did"));
      });
      file.on("limit", () => {
        tooLarge = true;
        abandon();
        file.destroy(tooLargeError(upload));
      });
      const request = req as unknown as WithUpload;
      request.$params.body = fields;
      request.$upload = { file, tooLarge: () => tooLarge, abandon };
      next();
    });
    busboy.on("error", (error: unknown) => {
      const problem = ApiError.validation([
        {
          field: "body",
          reason: "invalid",
          message: `is not a complete multipart form (${error instanceof Error ? error.message : "unreadable"})`,
        },
      ]);
      const current = (req as unknown as WithUpload).$upload;
      if (current && !current.file.destroyed) current.file.destroy(problem);
      fail(problem);
    });
    busboy.on("finish", () =>
      fail(ApiError.validation([{ field: upload.field, reason: "required", message: "is required: a form field holding the file" }])),
    );
    req.pipe(busboy);
  };
}

interface ActionCaller {
  sendResponse(req: IncomingRequest, res: ServerResponse, data: unknown, action: unknown): void;
}
type AfterCall = (this: unknown, ctx: Context, route: unknown, req: IncomingRequest, res: ServerResponse, data: unknown) => unknown;

/**
 * How long an upload's call may last. The bus's request timeout (seconds) would cut off a
 * file that a client sends slowly, or that takes a while to cross NATS, and answer 503
 * for what is no fault of either; a node that dies still ends the call at once.
 */
const UPLOAD_CALL_TIMEOUT_MS = 10 * 60_000;

/** moleculer-web's call of the action, with the file as the call's stream. */
export async function callWithUpload(
  this: ActionCaller,
  route: { onAfterCall?: AfterCall },
  req: IncomingRequest,
  res: ServerResponse,
  upload: ReceivedUpload,
  tooLarge: ApiError,
): Promise<true> {
  const ctx = req.$ctx as Context;
  let data: unknown;
  try {
    data = await ctx.call(req.$endpoint as never, req.$params, { stream: upload.file, timeout: UPLOAD_CALL_TIMEOUT_MS });
  } catch (error) {
    upload.abandon();
    throw upload.tooLarge() ? tooLarge : error;
  }
  if (upload.tooLarge()) throw tooLarge;
  if (route.onAfterCall) data = await route.onAfterCall.call(this, ctx, route, req, res, data);
  this.sendResponse(req, res, data, req.$endpoint?.action);
  return true;
}

export { tooLargeError };
