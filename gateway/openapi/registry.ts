/**
 * How every routed action is documented, by action name.
 *
 * To document a resource: write `resources/<resource>.ts` exporting an `OperationDocs`
 * object (one entry per action of `api-routes.ts`: summary, tag, the service's input schema,
 * the success status and response schema, the errors particular to it; see
 * `resources/projects.ts`), and spread it into `OPERATION_DOCS` below. Response schemas are
 * zod schemas named with `.meta({ id })`; assert them against the service's presenter type
 * with `assertSameShape` so that the two cannot drift apart.
 *
 * An operation of `api-routes.ts` without an entry here is left out of the documents, and
 * `test/openapi.test.ts` fails until it is documented.
 */
import type { OperationDocs } from "./operation";
import { authOperations } from "./resources/auth";
import { projectOperations } from "./resources/projects";
import { systemOperations } from "./resources/system";
import { taskOperations } from "./resources/tasks";
import { timeEntryOperations } from "./resources/time-entries";
import { userOperations } from "./resources/users";
import { webhookOperations } from "./resources/webhooks";

export const OPERATION_DOCS: OperationDocs = {
  ...systemOperations,
  ...authOperations,
  ...userOperations,
  ...projectOperations,
  ...taskOperations,
  ...timeEntryOperations,
  ...webhookOperations,
};
