import fs, { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { defaultWebDir, IMMUTABLE, readWebBuild, REVALIDATE, SHORT_LIVED } from "./build";
import { WEB_APP_CONTENT_SECURITY_POLICY } from "./headers";

const FIXTURE = join(__dirname, "..", "..", "test", "fixtures", "web-build");

describe("reading the built web application", () => {
  let scratch: string;
  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), "stint-web-build-"));
  });
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  it("reads the page, the hashed files and the other files, each with its caching", () => {
    const build = readWebBuild(FIXTURE);
    expect(build.index).toMatchObject({ contentType: "text/html; charset=utf-8", cacheControl: REVALIDATE });
    expect(build.index?.headers?.["Content-Security-Policy"]).toBe(WEB_APP_CONTENT_SECURITY_POLICY);
    expect(build.index?.body.toString("utf8")).toContain("/assets/app-1a2b3c4d.js");
    expect([...build.assets.keys()]).toEqual(["app-1a2b3c4d.js"]);
    expect(build.assets.get("app-1a2b3c4d.js")).toMatchObject({ contentType: "text/javascript; charset=utf-8", cacheControl: IMMUTABLE });
    expect([...build.topLevel.keys()]).toEqual(["favicon.svg"]);
    expect(build.topLevel.get("favicon.svg")).toMatchObject({ contentType: "image/svg+xml", cacheControl: SHORT_LIVED });
  });

  it("has no page for a missing or empty folder, and does not throw", () => {
    expect(readWebBuild(join(scratch, "missing"))).toMatchObject({ index: undefined });
    expect(readWebBuild(scratch).index).toBeUndefined();
    expect(readWebBuild(scratch).assets.size).toBe(0);
  });

  it("leaves out dot files, folders, files without an extension beside the page,", () => {
    writeFileSync(join(scratch, "index.html"), "<!doctype html>");
    writeFileSync(join(scratch, ".env"), "SECRET=1");
    writeFileSync(join(scratch, "docs"), "not a page");
    mkdirSync(join(scratch, "nested.d"));
    mkdirSync(join(scratch, "assets", "deeper"), { recursive: true });
    writeFileSync(join(scratch, "assets", "deeper", "x.js"), "");
    writeFileSync(join(scratch, "assets", "weird name.js"), "");
    writeFileSync(join(scratch, "robots.txt"), "User-agent: *");
    const build = readWebBuild(scratch);
    expect([...build.topLevel.keys()]).toEqual(["robots.txt"]);
    expect([...build.assets.keys()]).toEqual([]);
  });

  it("leaves out a file it cannot read, and starts without it", () => {
    writeFileSync(join(scratch, "index.html"), "<!doctype html>");
    writeFileSync(join(scratch, "locked.svg"), "<svg/>");
    writeFileSync(join(scratch, "open.svg"), "<svg/>");
    const read = fs.readFileSync;
    // As a file whose permissions keep the gateway's user out (root reads anything, so the refusal is made here).
    const refusing = jest.spyOn(fs, "readFileSync").mockImplementation(((path: fs.PathOrFileDescriptor, options?: unknown) => {
      if (String(path).endsWith("locked.svg")) throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
      return read(path, options as never);
    }) as typeof fs.readFileSync);
    try {
      const build = readWebBuild(scratch);
      expect(build.index).toBeDefined();
      expect([...build.topLevel.keys()]).toEqual(["open.svg"]);
    } finally {
      refusing.mockRestore();
    }
  });

  it("looks for the build under the project root by default, from sources or compiled", () => {
    const folder = defaultWebDir();
    expect(folder.endsWith(join("dist", "web"))).toBe(true);
    expect(existsSync(join(dirname(dirname(folder)), "package.json"))).toBe(true);
  });
});
