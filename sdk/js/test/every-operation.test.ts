import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { buildOpenApiDocuments } from "../../../gateway/openapi/document";
import { Stint, type OperationId } from "../src/index";

/**
 * Every public operation of the API has a method in the library, and each method sends what
 * its operation is. The operations come from the Style A document, which is built from the
 * services' operations tables. The table below names, for each operation id, a call of the
 * library; its type lists every operation id of the generated types, so an operation the
 * tables gain fails the type check (and this test) until the library has its method. Each
 * call goes to a `fetch` that only records the request (the behaviour itself is tested
 * against a real Stint in client.suite.ts).
 */

/** Not this library's business: the document itself, and the OAuth protocol endpoints, which OAuth client libraries speak. */
const NOT_COVERED = [
  "openapi.document",
  "oauth.getAuthOauthAuthorize",
  "oauth.postAuthOauthAuthorize",
  "oauth.postAuthOauthToken",
  "oauth.postAuthOauthDeviceCode",
  "oauth.getAuthOauthDevice",
  "oauth.postAuthOauthDevice",
  "oauth.postAuthOauthRevoke",
  "oauth.postAuthOauthIntrospect",
] as const;
/** Operations served twice, reached through the other one's method (`PUT` beside `PATCH`). */
const SAME_OPERATION = { "projects.update.put": "projects.update.patch" } as const;

type Covered = Exclude<OperationId, (typeof NOT_COVERED)[number] | keyof typeof SAME_OPERATION>;

const DAY = { startDate: "2026-01-01", endDate: "2026-01-31" };

const CALLS: Record<Covered, (stint: Stint) => PromiseLike<unknown>> = {
  "system.version": (s) => s.version(),
  "auth.register": (s) => s.auth.register({ email: "a@example.test", password: "p".repeat(12), name: "A", organizationName: "O" }),
  "auth.login": (s) => s.auth.login({ email: "a@example.test", password: "p".repeat(12) }),
  "auth.refresh": (s) => s.auth.refresh({ refreshToken: "rt" }),
  "auth.logout": (s) => s.auth.logout({ refreshToken: "rt" }),
  "auth.getOrganization": (s) => s.organization.get(),
  "auth.updateOrganization": (s) => s.organization.update({ name: "N" }),
  "auth.listApiKeys": (s) => s.apiKeys.list(),
  "auth.createApiKey": (s) => s.apiKeys.create({ name: "k", permissions: ["projects:read"] }),
  "auth.revokeApiKey": (s) => s.apiKeys.revoke("key_1"),
  "users.list": (s) => s.users.list(),
  "users.get": (s) => s.users.get("usr_1"),
  "users.changeRole": (s) => s.users.changeRole("usr_1", { role: "admin" }),
  "users.remove": (s) => s.users.remove("usr_1"),
  "users.listInvitations": (s) => s.invitations.list(),
  "users.invite": (s) => s.invitations.create({ email: "b@example.test", role: "member" }),
  "users.getInvitation": (s) => s.invitations.get("inv_1"),
  "users.revokeInvitation": (s) => s.invitations.revoke("inv_1"),
  "users.acceptInvitation": (s) => s.invitations.accept({ token: "t", name: "B", password: "p".repeat(12) }),
  "projects.list": (s) => s.projects.list(),
  "projects.create": (s) => s.projects.create({ name: "P" }),
  "projects.get": (s) => s.projects.get("prj_1"),
  "projects.update.patch": (s) => s.projects.update("prj_1", { name: "Q" }),
  "projects.remove": (s) => s.projects.delete("prj_1"),
  "projects.archive": (s) => s.projects.archive("prj_1"),
  "projects.unarchive": (s) => s.projects.unarchive("prj_1"),
  "projects.listTasks": (s) => s.tasks.list("prj_1"),
  "projects.createTask": (s) => s.tasks.create("prj_1", { name: "T" }),
  "projects.getTask": (s) => s.tasks.get("prj_1", "task_1"),
  "projects.updateTask": (s) => s.tasks.update("prj_1", "task_1", { name: "U" }),
  "projects.removeTask": (s) => s.tasks.delete("prj_1", "task_1"),
  "projects.listRates": (s) => s.rates.list(),
  "projects.createRate": (s) => s.rates.create({ level: "organization", hourlyRate: 50, effectiveFrom: "2026-01-01" }),
  "projects.getRate": (s) => s.rates.get("rate_1"),
  "projects.deleteRate": (s) => s.rates.delete("rate_1"),
  "timeEntries.list": (s) => s.timeEntries.list(),
  "timeEntries.create": (s) =>
    s.timeEntries.create({ projectId: "prj_1", startTime: "2026-01-01T09:00:00Z", endTime: "2026-01-01T10:00:00Z" }),
  "timeEntries.current": (s) => s.timeEntries.current(),
  "timeEntries.start": (s) => s.timeEntries.start({ projectId: "prj_1" }),
  "timeEntries.stop": (s) => s.timeEntries.stop(),
  "timeEntries.get": (s) => s.timeEntries.get("te_1"),
  "timeEntries.update": (s) => s.timeEntries.update("te_1", { description: "d" }),
  "timeEntries.remove": (s) => s.timeEntries.delete("te_1"),
  "timeEntries.listTags": (s) => s.tags.list(),
  "webhooks.list": (s) => s.webhooks.list(),
  "webhooks.create": (s) => s.webhooks.create({ url: "https://example.com/h", events: ["project.created"] }),
  "webhooks.get": (s) => s.webhooks.get("wh_1"),
  "webhooks.update": (s) => s.webhooks.update("wh_1", { status: "disabled" }),
  "webhooks.remove": (s) => s.webhooks.delete("wh_1"),
  "webhooks.rotateSecret": (s) => s.webhooks.rotateSecret("wh_1"),
  "webhooks.test": (s) => s.webhooks.test("wh_1"),
  "webhooks.deliveries": (s) => s.webhooks.deliveries.list("wh_1"),
  "webhooks.getDelivery": (s) => s.webhooks.deliveries.get("wh_1", "whd_1"),
  "webhooks.redeliver": (s) => s.webhooks.deliveries.redeliver("wh_1", "whd_1"),
  "reports.summary": (s) => s.reports.summary(DAY),
  "reports.detailed": (s) => s.reports.detailed(DAY),
  "imports.create": (s) => s.imports.create({ source: "stint", file: "a,b\n" }),
  "imports.get": (s) => s.imports.get("imp_1"),
  "screenshots.upload": (s) => s.screenshots.upload({ file: new Uint8Array([0x89, 0x50]), timeEntryId: "te_1" }),
  "screenshots.list": (s) => s.screenshots.list({ timeEntryId: "te_1" }),
  "screenshots.get": (s) => s.screenshots.get("scr_1"),
  "screenshots.image": (s) => s.screenshots.image("scr_1"),
  "screenshots.thumbnail": (s) => s.screenshots.thumbnail("scr_1"),
  "screenshots.remove": (s) => s.screenshots.delete("scr_1"),
  "oauth.listApplications": (s) => s.oauth.applications.list(),
  "oauth.createApplication": (s) =>
    s.oauth.applications.create({ name: "A", redirectUris: ["https://a.example.com/cb"], scopes: ["projects:read"] }),
  "oauth.getApplication": (s) => s.oauth.applications.get("app_1"),
  "oauth.updateApplication": (s) => s.oauth.applications.update("app_1", { name: "B" }),
  "oauth.deleteApplication": (s) => s.oauth.applications.delete("app_1"),
  "oauth.rotateSecret": (s) => s.oauth.applications.rotateSecret("app_1"),
  "oauth.listAuthorizations": (s) => s.oauth.authorizations.list(),
  "oauth.revokeAuthorization": (s) => s.oauth.authorizations.revoke("cli_1"),
  // The recording answers JSON, not a stream: the stream refuses it and sends nothing more.
  "events.stream": (s) =>
    s.events
      .stream()
      .next()
      .catch(() => undefined),
};

/** Every operation of the Style A document: its method and path template, by operation id. */
function operationsOfTheDocument(): Map<string, { method: string; path: string }> {
  const operations = new Map<string, { method: string; path: string }>();
  for (const [path, item] of Object.entries(buildOpenApiDocuments().A.paths ?? {}))
    for (const [method, operation] of Object.entries(item ?? {}))
      if (operation && typeof operation === "object" && "operationId" in operation && typeof operation.operationId === "string")
        operations.set(operation.operationId, { method: method.toUpperCase(), path });
  return operations;
}

/** A client whose requests reach nothing: each is recorded and answered with an empty page. */
function recordingClient(sent: { method: string; url: URL; headers: Headers }[]): Stint {
  return new Stint({
    baseUrl: "http://stint.test",
    apiKey: "tt_live_x",
    maxRetries: 0,
    fetch: async (input, init) => {
      sent.push({ method: init.method ?? "GET", url: new URL(input), headers: new Headers(init.headers) });
      const body = { data: [], meta: { total: 0, page: 1, per_page: 50 } };
      return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    },
  });
}

describe("the library's surface: one method per operation of the API", () => {
  const operations = operationsOfTheDocument();

  it("has a method for every operation of the document, and none for an operation it lacks", () => {
    const covered = new Set<string>([...Object.keys(CALLS), ...NOT_COVERED, ...Object.keys(SAME_OPERATION)]);
    expect([...operations.keys()].filter((id) => !covered.has(id)).sort()).toEqual([]);
    expect(Object.keys(CALLS).filter((id) => !operations.has(id))).toEqual([]);
    expect(operations.size).toBeGreaterThan(60);
  });

  it.each(Object.keys(CALLS) as Covered[])("sends %s as its operation's method and path", async (id) => {
    const sent: { method: string; url: URL; headers: Headers }[] = [];
    await CALLS[id](recordingClient(sent));
    const operation = operations.get(id);
    if (!operation) throw new Error(`the document has no ${id}`);
    const pattern = new RegExp(`^/api/v1${operation.path.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    expect(sent).toHaveLength(1);
    expect(`${sent[0]?.method} ${sent[0]?.url.pathname}`).toMatch(new RegExp(`^${operation.method} `));
    expect(sent[0]?.url.pathname).toMatch(pattern);
    expect(sent[0]?.headers.has("idempotency-key")).toBe(operation.method === "POST");
  });
});

const SOURCES = join(__dirname, "..", "src");

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

const isPublic = (member: ts.ClassElement) =>
  !(member.name && ts.isPrivateIdentifier(member.name)) &&
  (ts.getCombinedModifierFlags(member as ts.Declaration) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) === 0;

/** Every exported function and every public method and accessor of an exported class, as `file: Class.name`, with whether it has a doc comment. */
function publicMethods(): { name: string; documented: boolean }[] {
  const found: { name: string; documented: boolean }[] = [];
  for (const file of sourceFiles(SOURCES)) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const where = relative(SOURCES, file);
    const documented = (node: ts.Node) => ts.getJSDocCommentsAndTags(node).length > 0;
    for (const statement of source.statements) {
      const exported = (ts.getCombinedModifierFlags(statement as unknown as ts.Declaration) & ts.ModifierFlags.Export) !== 0;
      if (!exported) continue;
      if (ts.isFunctionDeclaration(statement) && statement.name)
        found.push({ name: `${where}: ${statement.name.text}`, documented: documented(statement) });
      if (!ts.isClassDeclaration(statement) || !statement.name) continue;
      for (const member of statement.members) {
        const callable = ts.isMethodDeclaration(member) || ts.isGetAccessorDeclaration(member);
        if (!callable || !isPublic(member) || member.name === undefined) continue;
        found.push({ name: `${where}: ${statement.name.text}.${member.name.getText(source)}`, documented: documented(member) });
      }
    }
  }
  return found;
}

describe("the library's documentation", () => {
  it("has a doc comment on every exported function and every public method", () => {
    const methods = publicMethods();
    expect(methods.filter((method) => !method.documented).map((method) => method.name)).toEqual([]);
    // The resources' methods alone are more than the operations.
    expect(methods.length).toBeGreaterThan(Object.keys(CALLS).length);
  });
});
