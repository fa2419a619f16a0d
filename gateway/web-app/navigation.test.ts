import type { IncomingMessage } from "node:http";
import { acceptsHtml, isApplicationPath, isAppNavigation, MAX_NAVIGATION_PATH_LENGTH } from "./navigation";

const request = (method: string, url: string, accept?: string) =>
  ({ method, url, headers: accept === undefined ? {} : { accept } }) as unknown as IncomingMessage;
const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

describe("which requests are the web application's own pages", () => {
  it("takes Accept lists that name text/html with a weight above zero", () => {
    expect(acceptsHtml(BROWSER)).toBe(true);
    expect(acceptsHtml("TEXT/HTML; q=0.5")).toBe(true);
    expect(acceptsHtml("text/html;q=0")).toBe(false);
    expect(acceptsHtml("application/json")).toBe(false);
    expect(acceptsHtml("*/*")).toBe(false);
    expect(acceptsHtml(undefined)).toBe(false);
  });

  it("takes plain paths outside the reserved prefixes, with no extension in the last segment", () => {
    for (const path of ["/timesheet", "/projects/abc", "/settings/api-keys", "/timesheet/", "/apiary", "/documents", "/v1x"])
      expect([path, isApplicationPath(path)]).toEqual([path, true]);
    for (const path of [
      "/api",
      "/api/v1/nope",
      "/API/V1/nope",
      "/v1/x",
      "/health/live",
      "/docs",
      "/docs/x",
      "/api/auth/oauth/authorize",
      "/.well-known/x",
      "/web-session",
      "/web-session/x",
      "/assets/app",
      "/assets",
    ]) {
      expect([path, isApplicationPath(path)]).toEqual([path, false]);
    }
    for (const path of ["/favicon.ico", "/robots.txt", "/projects/report.csv", "/a.b/c.d"])
      expect([path, isApplicationPath(path)]).toEqual([path, false]);
  });

  it("refuses parent segments, encoded separators, NUL and very long paths", () => {
    for (const path of [
      "/../etc/passwd",
      "/a/../b",
      "/a/./b",
      "/a%2fb",
      "/a%2Fb",
      "/a%5cb",
      "/%2e%2e/x",
      "/a%00b",
      "/a\0b",
      "/a\\b",
      "//evil",
      "timesheet",
    ]) {
      expect([path, isApplicationPath(path)]).toEqual([path, false]);
    }
    expect(isApplicationPath(`/${"a".repeat(MAX_NAVIGATION_PATH_LENGTH)}`)).toBe(false);
    expect(isApplicationPath(`/${"a".repeat(100)}`)).toBe(true);
  });

  it("answers the page to GET and HEAD navigations for HTML only", () => {
    expect(isAppNavigation(request("GET", "/timesheet?week=2026-W48", BROWSER))).toBe(true);
    expect(isAppNavigation(request("HEAD", "/projects/abc", BROWSER))).toBe(true);
    expect(isAppNavigation(request("POST", "/timesheet", BROWSER))).toBe(false);
    expect(isAppNavigation(request("GET", "/timesheet", "application/json"))).toBe(false);
    expect(isAppNavigation(request("GET", "/timesheet"))).toBe(false);
    expect(isAppNavigation(request("GET", "/api/v1/nope", BROWSER))).toBe(false);
  });
});
