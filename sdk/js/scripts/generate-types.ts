/**
 * Writes the library's request and response types from the Style A OpenAPI document, which
 * the service builds from its operations tables (no server needed). Run from the repository:
 * `npx tsx sdk/js/scripts/generate-types.ts`. With `--stdout` it prints them instead, which
 * `sdk/js/test/generated-types.test.ts` compares with the checked-in file (in a process of its
 * own: openapi-typescript's dependencies are ES modules that jest's CommonJS cannot load).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { buildOpenApiDocuments } from "../../../gateway/openapi/document";

const GENERATED_TYPES_FILE = join(__dirname, "..", "src", "generated", "openapi.ts");

const BANNER = [
  "/**",
  " * Generated from Stint's Style A OpenAPI document by openapi-typescript. Do not edit:",
  " * run `npx tsx sdk/js/scripts/generate-types.ts` from the repository instead.",
  " */",
  "/* eslint-disable */",
  "",
].join("\n");

export async function generateTypes(): Promise<string> {
  const document = buildOpenApiDocuments().A;
  // A round trip through JSON: openapi-typescript reads plain data, as a served document is.
  const ast = await openapiTS(JSON.parse(JSON.stringify(document)), { alphabetize: false, exportType: false });
  return BANNER + astToString(ast);
}

if (require.main === module) {
  generateTypes().then(
    (text) => {
      if (process.argv.includes("--stdout")) {
        process.stdout.write(text);
        return;
      }
      writeFileSync(GENERATED_TYPES_FILE, text);
      console.log(`wrote ${GENERATED_TYPES_FILE}`);
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
