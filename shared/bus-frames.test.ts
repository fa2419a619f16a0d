import type { Packet } from "moleculer";
import { CoalescingNatsTransporter } from "./bus";
import { READS_FRAMES, carriesBytes, frame, isFrame, readsFrames, unframe } from "./bus-frames";

const chunk = Buffer.from([0, 1, 2, 250, 255, 120, 120]);

describe("bus frames", () => {
  it("gives back a framed request's payload, its bytes unchanged and the rest as JSON", () => {
    const payload = { id: "r1", action: "imports.create", params: chunk, stream: true, seq: 3, meta: { a: 1 } };
    const framed = frame("REQ", payload);
    expect(isFrame(framed)).toBe(true);
    const read = unframe(framed);
    expect(read).toEqual({ ...payload, params: chunk });
    expect(Buffer.isBuffer(read.params)).toBe(true);
    expect("$framed" in read).toBe(false);
  });

  it("frames a response's data the same way, even empty bytes", () => {
    const read = unframe(frame("RES", { id: "r1", success: true, data: Buffer.alloc(0), stream: true, seq: 0 }));
    expect(read.data).toEqual(Buffer.alloc(0));
    expect(read.success).toBe(true);
  });

  it("copies the bytes out of the message, whose memory may be reused", () => {
    const framed = frame("REQ", { id: "r1", params: chunk });
    const read = unframe(framed);
    framed.fill(9);
    expect(read.params).toEqual(chunk);
  });

  it("takes JSON text for JSON, not for a frame", () => {
    expect(isFrame(Buffer.from(JSON.stringify({ id: "r1", params: { a: 1 } })))).toBe(false);
    expect(isFrame(Buffer.from([0, 0]))).toBe(false);
  });

  it("frames only requests and responses that carry bytes", () => {
    expect(carriesBytes("REQ", { params: chunk })).toBe(true);
    expect(carriesBytes("RES", { data: chunk })).toBe(true);
    expect(carriesBytes("REQ", { params: { a: 1 } })).toBe(false);
    expect(carriesBytes("EVENT", { data: chunk })).toBe(false);
    expect(() => frame("REQ", { params: { a: 1 } })).toThrow(/nothing to frame/);
  });

  it("reads a node's announcement", () => {
    expect(readsFrames({ ...READS_FRAMES, other: true })).toBe(true);
    expect(readsFrames({})).toBe(false);
    expect(readsFrames(undefined)).toBe(false);
  });
});

describe("the NATS transporter with frames", () => {
  function transporterKnowing(nodes: Record<string, unknown>) {
    const transporter = new CoalescingNatsTransporter({ url: "nats://127.0.0.1:4222" });
    const broker = {
      PROTOCOL_VERSION: "4",
      serializer: {
        serialize: (payload: unknown) => Buffer.from(JSON.stringify(payload)),
        deserialize: (buf: Buffer) => JSON.parse(buf.toString()) as unknown,
      },
      registry: { nodes: { get: (id: string) => (id in nodes ? { metadata: nodes[id] } : undefined) } },
    };
    Object.assign(transporter, { broker, nodeID: "gateway-1" });
    return transporter;
  }
  const request = (target: string) =>
    ({ type: "REQ", target, payload: { id: "r1", params: chunk, stream: true } }) as unknown as Packet.Packet<Packet.PacketPayload>;

  it("sends a chunk as a frame to a node that reads frames, and reads it back with its sender", () => {
    const transporter = transporterKnowing({ "imports-1": READS_FRAMES });
    const sent = transporter.serialize(request("imports-1"));
    expect(isFrame(sent)).toBe(true);
    const received = transporter.deserialize("REQ", sent) as unknown as { type: string; payload: Record<string, unknown> };
    expect(received.type).toBe("REQ");
    expect(received.payload).toMatchObject({ id: "r1", params: chunk, sender: "gateway-1", ver: "4" });
  });

  it("sends JSON to a node that does not announce frames, as during a rolling upgrade", () => {
    const transporter = transporterKnowing({ "imports-old": {} });
    const sent = transporter.serialize(request("imports-old"));
    expect(isFrame(sent)).toBe(false);
    expect(JSON.parse(sent.toString())).toMatchObject({ id: "r1", params: { type: "Buffer", data: [...chunk] } });
  });
});
