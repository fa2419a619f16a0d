import { readFileSync } from "node:fs";
import { basename } from "node:path";

/**
 * `npx tsx bench/profile-summary.ts <file.cpuprofile> [--top N]`: what a V8 CPU profile
 * (`BENCH_PROFILE_DIR`, or `node --cpu-prof`) says, as Markdown tables: the share of busy
 * samples by area (a package, Node's internals, the app's folders, garbage collection),
 * the functions with the most self time, and the functions with the most time including
 * what they called. Idle samples, and those of the bench's probe stopping the profiler,
 * are left out of every share.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function areaOf(url: string, name: string): string {
  if (name === "(garbage collector)") return "garbage collection";
  if (name === "(program)") return "(program: V8 and native code outside JavaScript)";
  if (url === "") return "(native)";
  if (url.startsWith("node:")) return "node internals";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg?.[1]) return pkg[1];
  const app = /\/(gateway|shared|services|bench|app\.ts|main\.ts|dist)(\/[^/]+)?/.exec(url);
  if (app) return `app: ${app[1]}${app[2] && app[1] !== "dist" ? app[2] : ""}`.replace(/\.(ts|js)$/, "");
  return url;
}

function frameOf(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url
    ? `${url.includes("node_modules/") ? url.slice(url.lastIndexOf("node_modules/") + 13) : basename(url)}:${lineNumber + 1}`
    : "";
  return `${functionName || "(anonymous)"}${where ? ` ${where}` : ""}`;
}

export function summarize(profile: Profile, top: number): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const areas = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index] ?? 0;
    const node = byId.get(id);
    if (!node) return;
    if (node.callFrame.functionName === "(idle)") {
      idle += micros;
      return;
    }
    // The probe stopping the profiler is the measurement's own cost, not the process's.
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      if (byId.get(at)?.callFrame.url.endsWith("cpu-probe.mjs")) return;
    }
    busy += micros;
    const frame = frameOf(node);
    self.set(frame, (self.get(frame) ?? 0) + micros);
    const area = areaOf(node.callFrame.url, node.callFrame.functionName);
    areas.set(area, (areas.get(area) ?? 0) + micros);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const onStack = byId.get(at);
      if (!onStack || onStack.callFrame.functionName === "(root)") continue;
      const name = frameOf(onStack);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + micros);
    }
  });
  const share = (micros: number) => `${((100 * micros) / busy).toFixed(1)} %`;
  const rows = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, micros]) => `| ${name.replaceAll("|", "\\|")} | ${share(micros)} |`);
  return [
    `Busy ${(busy / 1e6).toFixed(2)} s of ${((busy + idle) / 1e6).toFixed(2)} s sampled.`,
    "",
    "| Area (self time) | Share of busy |",
    "|---|---|",
    ...rows(areas, top),
    "",
    "| Function (self time) | Share of busy |",
    "|---|---|",
    ...rows(self, top),
    "",
    "| Function (with what it called) | Share of busy |",
    "|---|---|",
    ...rows(inclusive, top),
  ].join("\n");
}

function main(): void {
  const args = process.argv.slice(2);
  const topAt = args.indexOf("--top");
  const top = topAt >= 0 ? Number(args[topAt + 1]) : 15;
  const files = args.filter((arg, index) => !arg.startsWith("--") && index !== topAt + 1);
  if (files.length === 0 || !Number.isInteger(top) || top < 1) {
    process.stderr.write("usage: tsx bench/profile-summary.ts <file.cpuprofile>... [--top N]\n");
    process.exit(2);
  }
  for (const file of files) {
    process.stdout.write(`\n### ${basename(file)}\n\n${summarize(JSON.parse(readFileSync(file, "utf8")) as Profile, top)}\n`);
  }
}

main();
