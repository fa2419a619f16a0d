/**
 * The operator's command-line tool: `npm run admin -- <command>`. See `USAGE` in
 * `admin.ts`, or run it without arguments.
 */
import { runAdmin } from "./admin";

runAdmin(process.argv.slice(2), process.env, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`stint-admin failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
