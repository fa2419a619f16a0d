/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  transform: {
    "^.+\\.ts$": ["@swc/jest", { jsc: { target: "es2023" } }],
    // Tests check webhook signatures with @octokit/webhooks-methods, which ships only as an
    // ES module: it is compiled to CommonJS like our own files.
    "/@octokit/webhooks-methods/.+\\.js$": ["@swc/jest", { jsc: { target: "es2023" } }],
    // The OAuth tests drive Stint with oauth4webapi, also an ES module only.
    "/oauth4webapi/.+\\.js$": ["@swc/jest", { jsc: { target: "es2023" } }],
  },
  transformIgnorePatterns: ["/node_modules/(?!@octokit/webhooks-methods/|oauth4webapi/)"],
  moduleNameMapper: {
    "^@octokit/webhooks-methods$": "<rootDir>/node_modules/@octokit/webhooks-methods/dist-node/index.js",
    // The client library (sdk/js) imports its own files as `./x.js`, as ES modules must: here
    // they are its TypeScript sources.
    "^(\\.{1,2}/.*)\\.js$": "$1",
  },
  testMatch: ["**/*.test.ts"],
  testPathIgnorePatterns: ["/node_modules/", "/dist/", "/dist-bench/"],
  // Suites start brokers, HTTP servers and child processes; run them one at a time
  // so ports and the two cores are not fought over.
  maxWorkers: 1,
  testTimeout: 30000,
  // A suite that fails half-way can leave a socket or a child process open; with every
  // suite in this one process, that would keep the run from ever ending. The results are
  // written first, so nothing is hidden but the wait.
  forceExit: true,
};
