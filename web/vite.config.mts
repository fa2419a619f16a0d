import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * The web application, built into `dist/web/` beside the compiled server, which serves it
 * at `/`. The client library is bundled from its sources, so the app always speaks the API
 * of the same checkout. `npm run dev:web` serves it with reloads, passing the API through
 * to a Stint on port 3000 (or `STINT_URL`).
 */
const stintUrl = process.env.STINT_URL ?? "http://127.0.0.1:3000";

export default defineConfig({
  root: here("."),
  base: "/",
  publicDir: here("public"),
  resolve: { alias: { "@stint/sdk": here("../sdk/js/src/index.ts") } },
  build: {
    outDir: here("../dist/web"),
    emptyOutDir: true,
    target: "es2022",
    assetsDir: "assets",
    // A file of its own for the chart library: only the reports page loads it.
    chunkSizeWarningLimit: 400,
  },
  server: {
    proxy: Object.fromEntries(
      ["/api", "/v1", "/web-session", "/oauth", "/docs"].map((prefix) => [prefix, { target: stintUrl, changeOrigin: false }]),
    ),
  },
});
