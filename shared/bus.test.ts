import { CoalescingNatsTransporter } from "./bus";

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function transporterWithClient() {
  const published: string[] = [];
  const transporter = new CoalescingNatsTransporter({ url: "nats://127.0.0.1:4222" });
  const client = {
    open: true,
    publish(topic: string, data: Buffer) {
      if (!client.open) throw new Error("connection closed");
      published.push(`${topic}:${data.toString()}`);
    },
    flush: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
  const warnings: string[] = [];
  Object.assign(transporter, { client, logger: { warn: (line: string) => warnings.push(line) } });
  return { transporter, client, published, warnings };
}

describe("coalescing NATS transporter", () => {
  it("publishes what was sent in one turn together at the end of the turn, in order", async () => {
    const { transporter, published } = transporterWithClient();
    await transporter.send("a", Buffer.from("1"));
    await transporter.send("b", Buffer.from("2"));
    await transporter.send("a", Buffer.from("3"));
    expect(published).toEqual([]);
    await nextTurn();
    expect(published).toEqual(["a:1", "b:2", "a:3"]);
    await transporter.send("c", Buffer.from("4"));
    await nextTurn();
    expect(published).toEqual(["a:1", "b:2", "a:3", "c:4"]);
  });

  it("publishes what it holds before disconnecting", async () => {
    const { transporter, published } = transporterWithClient();
    await transporter.send("a", Buffer.from("last words"));
    await transporter.disconnect();
    expect(published).toEqual(["a:last words"]);
  });

  it("logs a publish the closed connection refused instead of throwing outside any caller", async () => {
    const { transporter, client, published, warnings } = transporterWithClient();
    await transporter.send("a", Buffer.from("1"));
    client.open = false;
    await nextTurn();
    expect(published).toEqual([]);
    expect(warnings).toEqual([expect.stringContaining("connection closed")]);
  });
});
