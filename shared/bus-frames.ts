/**
 * Bytes on the bus without JSON.
 *
 * A file crosses NATS as a stream: the gateway sends an upload to the service in chunks of
 * 256 KiB, and a service sends an image or an export back the same way. Moleculer's JSON
 * serializer writes such a chunk as `{"type":"Buffer","data":[120,120,...]}`, a number per
 * byte, and reads it back into an array before it becomes bytes again: measured here, about
 * 100 ms of CPU per chunk on a busy machine, on each side, so a 100 MiB import kept both
 * processes busy for some 45 s. Busy like that, a process read its heartbeats late, declared
 * the other gone and broke the upload off, and every other request waited behind the chunks.
 *
 * A packet whose request `params` or response `data` is bytes is framed instead: a zero byte
 * (no JSON text starts with one), the length of the packet's JSON without the bytes, that
 * JSON, then the bytes as they are. Framing a chunk takes a fraction of a millisecond.
 *
 * A node reads frames only from this version on, so one is sent only to a node whose
 * announcement says it reads them (`READS_FRAMES`); during a rolling upgrade an older node
 * still gets JSON.
 */

/** The broker metadata by which a node says it reads frames; moleculer announces it to every node. */
export const READS_FRAMES = { stintBusFrames: 1 } as const;

const FRAME_MARK = 0;
const HEADER_LENGTH_BYTES = 4;

/** The field of a packet type that carries a stream's bytes. */
const BYTES_FIELD: Readonly<Record<string, "params" | "data">> = { REQ: "params", RES: "data" };

type Payload = Record<string, unknown>;

/** Whether a node's announced metadata says it reads frames. */
export function readsFrames(metadata: unknown): boolean {
  return (metadata as { stintBusFrames?: unknown } | null | undefined)?.stintBusFrames === READS_FRAMES.stintBusFrames;
}

/** Whether a packet of this type carries bytes: a stream's chunk, which `frame` can send as it is. */
export function carriesBytes(type: string, payload: Payload): boolean {
  const field = BYTES_FIELD[type];
  return field !== undefined && Buffer.isBuffer(payload[field]);
}

/** The packet as a frame; it must carry bytes (`carriesBytes`). */
export function frame(type: string, payload: Payload): Buffer {
  const field = BYTES_FIELD[type];
  const bytes = field ? payload[field] : undefined;
  if (!field || !Buffer.isBuffer(bytes)) throw new Error(`a ${type} packet without bytes has nothing to frame`);
  const header = Buffer.from(JSON.stringify({ ...payload, [field]: null, $framed: field }));
  const head = Buffer.allocUnsafe(1 + HEADER_LENGTH_BYTES);
  head.writeUInt8(FRAME_MARK, 0);
  head.writeUInt32BE(header.length, 1);
  return Buffer.concat([head, header, bytes]);
}

/** Whether `message` is a frame rather than JSON. */
export function isFrame(message: Uint8Array): boolean {
  return message.length > HEADER_LENGTH_BYTES && message[0] === FRAME_MARK;
}

/** The payload a frame carries, its bytes back in their field (a copy: the message's memory may be reused). */
export function unframe(message: Uint8Array): Payload {
  const view = Buffer.from(message.buffer, message.byteOffset, message.length);
  const headerEnd = 1 + HEADER_LENGTH_BYTES + view.readUInt32BE(1);
  const payload = JSON.parse(view.toString("utf8", 1 + HEADER_LENGTH_BYTES, headerEnd)) as Payload;
  const field = payload.$framed;
  if (field !== "params" && field !== "data") throw new Error("a bus frame names no field for its bytes");
  delete payload.$framed;
  payload[field] = Buffer.from(view.subarray(headerEnd));
  return payload;
}
