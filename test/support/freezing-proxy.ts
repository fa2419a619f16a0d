import { connect, createServer, type AddressInfo, type Server, type Socket } from "node:net";

/**
 * A TCP proxy on 127.0.0.1 in front of a real server, for tests that need a process to be
 * stuck at one exact point. Everything passes both ways until a client sends bytes that
 * `freezeOn` matches: that request still reaches the server, but from then on no answer on
 * any connection reaches a client. The process behind the proxy has made its write and
 * never learns it; the test then kills it.
 */
export class FreezingProxy {
  private constructor(
    private readonly server: Server,
    private readonly sockets: Set<Socket>,
    private readonly state: { frozen: boolean },
    readonly port: number,
  ) {}

  /** Whether the matching request has passed, and answers stopped. */
  get frozen(): boolean {
    return this.state.frozen;
  }

  static async start(target: { host: string; port: number }, freezeOn: (chunk: Buffer) => boolean): Promise<FreezingProxy> {
    const sockets = new Set<Socket>();
    const state = { frozen: false };
    const server = createServer((client) => {
      const upstream = connect(target.port, target.host);
      sockets.add(client).add(upstream);
      client.on("data", (chunk: Buffer) => {
        if (freezeOn(chunk)) state.frozen = true;
        upstream.write(chunk);
      });
      upstream.on("data", (chunk: Buffer) => {
        if (!state.frozen) client.write(chunk);
      });
      const close = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.on("close", close).on("error", close);
      upstream.on("close", close).on("error", close);
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    return new FreezingProxy(server, sockets, state, (server.address() as AddressInfo).port);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Whether a MongoDB wire-protocol message holds an `insert` command into `collection`. */
export function mongoInsertInto(collection: string): (chunk: Buffer) => boolean {
  // BSON: a string element (type 0x02) named "insert", then the int32 length and the name.
  const command = Buffer.from("\x02insert\x00", "latin1");
  const name = Buffer.from(`${collection}\x00`, "latin1");
  return (chunk) => {
    const at = chunk.indexOf(command);
    return at >= 0 && chunk.indexOf(name, at) === at + command.length + 4;
  };
}
