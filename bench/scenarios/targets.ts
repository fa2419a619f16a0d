import { freePort, LOOPBACK } from "../lib/net";
import { compareTree, startApp, startTypeScript, waitForReady } from "../lib/launch";
import type { Target } from "../lib/scenario";

/**
 * Targets scenario sets combine. Each starts its processes, waits until they are ready,
 * and hands them back; the runner stops them after the measurement.
 */

/** A hand-written `node:http` server in its own process: the floor the app is compared with. */
export function bareServerTarget(script: string): Target {
  return {
    name: "bare",
    description: `bare node:http server (${script}), one process`,
    async start(ctx) {
      const port = await freePort();
      const server = startTypeScript(ctx, "bare-server", script, { PORT: String(port), HOST: LOOPBACK });
      const baseUrl = `http://${LOOPBACK}:${port}`;
      await waitForReady(ctx, baseUrl, [server]);
      return { baseUrl, processes: [server], observe: [server] };
    },
  };
}

/** The app as `npm start` runs it: gateway and every service in one process, no transporter. */
export function embeddedTarget(tree?: string): Target {
  return {
    name: tree ? "embedded-compared" : "embedded",
    description: `main.ts, gateway and all services in one process, no transporter${tree ? `, from ${tree}` : ""}`,
    async start(ctx) {
      const app = await startApp(ctx, { label: "embedded", http: true, tree });
      const baseUrl = app.baseUrl ?? "";
      await waitForReady(ctx, baseUrl, [app.process]);
      return { baseUrl, processes: [app.process], observe: [app.process] };
    },
  };
}

/** A gateway process and one process running `services`, talking over a real NATS server. */
export function distributedTarget(services: readonly string[], tree?: string): Target {
  const servicesList = services.join(",");
  return {
    name: tree ? "distributed-compared" : "distributed",
    description: `main.ts as two processes over NATS: SERVICES=gateway and SERVICES=${servicesList}${tree ? `, from ${tree}` : ""}`,
    async start(ctx) {
      const nats = await ctx.natsServer();
      if (!nats.available) return { skipped: nats.reason };
      // Its own bus namespace, so a NATS server shared with other Stint processes
      // (tests, a developer's stack) never routes their calls here or ours there.
      const bus = { NATS_URL: nats.url, NAMESPACE: `bench-${process.pid}` };
      const worker = await startApp(ctx, {
        label: `services(${servicesList})`,
        http: false,
        env: { ...bus, SERVICES: servicesList },
        tree,
      });
      // The deployment runs only these services: the gateway is ready once they answer.
      const gateway = await startApp(ctx, {
        label: "gateway",
        http: true,
        env: { ...bus, SERVICES: "gateway", DEPLOYED_SERVICES: servicesList },
        tree,
      });
      const processes = [worker.process, gateway.process];
      const baseUrl = gateway.baseUrl ?? "";
      await waitForReady(ctx, baseUrl, processes);
      const source =
        nats.source === "private" ? `private nats-server (pid ${nats.pid ?? "?"}) at ${nats.url}` : "NATS_URL from the environment";
      const observe = nats.pid === undefined ? processes : [...processes, { label: "nats-server", pid: nats.pid }];
      return { baseUrl, processes, observe, notes: [`bus: ${source}`] };
    },
  };
}

/** A target of this checkout, preceded by the same target of `BENCH_COMPARE_TREE` when one is given. */
export function withCompared(make: (tree?: string) => Target): Target[] {
  const tree = compareTree();
  return tree ? [make(tree), make()] : [make()];
}
