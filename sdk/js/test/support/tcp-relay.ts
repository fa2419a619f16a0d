import { connect, createServer, type AddressInfo, type Server, type Socket } from "node:net";

/**
 * A TCP relay on 127.0.0.1 in front of a running Stint, byte for byte, that can cut every
 * connection at once: what a client sees when its network drops or a server goes away.
 * While `refusing`, new connections are closed as soon as they arrive.
 */
export class TcpRelay {
  refusing = false;
  /** Connections accepted, refused ones included. */
  connections = 0;
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;
  private readonly target: URL;
  private address = "";

  private constructor(target: string) {
    this.target = new URL(target);
    this.server = createServer((client) => this.relay(client));
  }

  static async start(target: string): Promise<TcpRelay> {
    const relay = new TcpRelay(target);
    await new Promise<void>((resolve) => relay.server.listen(0, "127.0.0.1", resolve));
    relay.address = `http://127.0.0.1:${(relay.server.address() as AddressInfo).port}`;
    return relay;
  }

  get url(): string {
    return this.address;
  }

  /** Drops every open connection. */
  cut(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private relay(client: Socket): void {
    this.connections += 1;
    if (this.refusing) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(this.target.port), this.target.hostname);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
      socket.on("error", () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  }
}
