import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const SERVICES = readdirSync(new URL("./services/", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const filesOf = (service) => readdirSync(new URL(`./services/${service}/`, import.meta.url));

/** What a service shows the world (docs/design.md, "Layers"): everything else in its folder is its own. */
const FACES = ["operations.ts", "client.ts", "inputs.ts", "contract.ts"];
const isFace = (file) => FACES.includes(file);
/** What a tool may use besides the faces: a service's wiring (to run it) and its stores. */
const isToolDoor = (file) => isFace(file) || /\.service\.ts$|-stores?\.ts$/.test(file);

const onlyThrough = (allowed, message) =>
  SERVICES.map((service) => ({
    from: `./services/${service}`,
    except: filesOf(service)
      .filter(allowed)
      .map((file) => `./${file}`),
    message,
  }));

/**
 * The layers, as import-x's no-restricted-paths zones: shared/ below everything; a service's
 * faces below its insides, importing only its contract (and inputs) and shared/; services
 * meeting only through clients; the gateway, cli/ and bench/ reaching services only through
 * their faces (tools: also a service's wiring and stores). Tests may reach further.
 */
const ABOVE_SHARED = ["./gateway", "./services", "./cli", "./bench", "./app.ts", "./main.ts", "./web", "./sdk", "./test"];
const layerZones = [
  { target: "./shared", from: ABOVE_SHARED, message: "shared/ is below every other layer: it imports none of them." },
  ...SERVICES.flatMap((service) => [
    {
      target: `./services/${service}`,
      from: "./services",
      except: [`./${service}`, ...SERVICES.filter((other) => other !== service).map((other) => `./${other}/client.ts`)],
      message: "Reach another service only through its client (services/<name>/client.ts).",
    },
    {
      target: FACES.map((face) => `./services/${service}/${face}`),
      from: `./services/${service}`,
      except: ["./contract.ts", "./inputs.ts"],
      message: "A face (operations, client, inputs, contract) imports only its contract, its inputs and shared/.",
    },
  ]),
  ...onlyThrough(isFace, "The gateway imports only a service's faces: operations, client, inputs, contract.").map((zone) => ({
    ...zone,
    target: "./gateway",
  })),
  ...onlyThrough(isToolDoor, "cli/ reaches a service through its faces, its wiring or its stores.").map((zone) => ({
    ...zone,
    target: "./cli",
  })),
];

/**
 * Benches that time one store or one use case by itself, or seed a store with documents
 * written directly (faster than the API by orders of magnitude): they reach what they
 * measure. Every other bench file goes through the faces like cli/.
 */
const BENCHES_OF_INSIDES = [
  "bench/authenticated-list/dataset.ts",
  "bench/authenticated-list/store-phase.ts",
  "bench/authenticated-list/targets.ts",
  "bench/embedded-scale/dataset.ts",
  "bench/embedded-scale/phase.ts",
  "bench/reports/amounts-phases.ts",
  "bench/reports/embedded-phases.ts",
  "bench/reports/summary-phases.ts",
  "bench/time-entries/dataset.ts",
  "bench/time-entries/http-targets.ts",
  "bench/time-entries/store-list.ts",
  "bench/time-entries/store-timers.ts",
  "bench/webhooks/sender.ts",
];
const benchZones = onlyThrough(isToolDoor, "bench/ reaches a service through its faces, its wiring or its stores.").map((zone) => ({
  ...zone,
  target: "./bench",
}));

/**
 * The web application's layers, from the bottom: lib/ (helpers), session/ (the signed-in
 * state), components/ (pieces of pages), pages/, then the shell (app.tsx, layout.tsx, main.tsx).
 */
const WEB_SHELL = ["./web/src/app.tsx", "./web/src/layout.tsx", "./web/src/main.tsx"];
const webZones = [
  { target: "./web/src/lib", from: ["./web/src/session", "./web/src/components", "./web/src/pages", ...WEB_SHELL] },
  { target: "./web/src/session", from: ["./web/src/components", "./web/src/pages", ...WEB_SHELL] },
  { target: "./web/src/components", from: ["./web/src/pages", ...WEB_SHELL] },
  { target: "./web/src/pages", from: WEB_SHELL },
].map((zone) => ({
  ...zone,
  message: "The web app's layers: lib, session, components, pages, then the shell; none imports one above it.",
}));

const importResolver = createNodeResolver({ extensions: [".ts", ".tsx", ".d.ts", ".js", ".mjs", ".json"] });

const layers = [
  {
    files: ["**/*.{ts,tsx,mts}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [importResolver],
      // Which files import-x reads to follow imports further (for no-cycle), and with what parser.
      "import-x/extensions": [".ts", ".tsx", ".mts", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx", ".mts"] },
    },
  },
  {
    files: ["**/*.{ts,tsx,mts}"],
    // Nothing imports a test, so no cycle runs through one: leaving them out saves most of the rule's time.
    ignores: ["**/*.test.ts", "**/*.suite.ts", "test/**", "web/test/**"],
    rules: {
      // Type imports count: a cycle through types is still two modules that need each other.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    files: ["**/*.{ts,tsx,mts}"],
    ignores: ["**/*.test.ts", "**/*.suite.ts", "test/**", ...BENCHES_OF_INSIDES],
    rules: { "import-x/no-restricted-paths": ["error", { zones: [...layerZones, ...benchZones, ...webZones] }] },
  },
];

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "dist/",
      "dist-bench/",
      "bench/results/",
      "data/",
      "sdk/python/",
      "sdk/js/dist/",
      "sdk/js/src/generated/",
      "coverage/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  ...layers,
  {
    // The web application: browser code, React's rules of hooks.
    files: ["web/src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["**/*.js", "**/*.cjs", "**/*.mjs"],
    languageOptions: {
      globals: {
        module: "writable",
        require: "readonly",
        process: "readonly",
        __dirname: "readonly",
        console: "readonly",
        URL: "readonly",
      },
    },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
