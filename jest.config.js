/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  transform: { "^.+\\.ts$": ["@swc/jest", { jsc: { target: "es2023" } }] },
  testMatch: ["**/*.test.ts"],
  testPathIgnorePatterns: ["/node_modules/", "/dist/"],
  // Suites start brokers, HTTP servers and child processes; run them one at a time
  // so ports and the two cores are not fought over.
  maxWorkers: 1,
  testTimeout: 30000,
};
