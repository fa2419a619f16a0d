import { readdirSync } from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const SERVICES = readdirSync(new URL("./services/", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Service lines: a service reaches another only through its published client, and the
 * gateway reads only the services' operation tables and clients. Tests may reach further.
 */
const serviceLines = [
  ...SERVICES.map((service) => ({
    files: [`services/${service}/**/*.ts`],
    ignores: ["**/*.test.ts", "**/*.suite.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `^\\.\\./(?!${service}/)(?!\\.\\./)[^/]+/(?!client$)`,
              message: "Reach another service only through its client (services/<name>/client.ts).",
            },
          ],
        },
      ],
    },
  })),
  {
    files: ["gateway/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.suite.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)services/[^/]+/(?!(operations|client)$)",
              message: "The gateway imports only a service's operations table or its client.",
            },
          ],
        },
      ],
    },
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
  ...serviceLines,
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
