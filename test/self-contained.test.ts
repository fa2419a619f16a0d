import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/**
 * The repository explains itself: whoever clones it can follow every reference. Comments,
 * docs and tests cite the project's own docs (`docs/api.md#errors`), never a document kept
 * elsewhere, and every such citation and Markdown link lands on a file and a heading that
 * exist.
 */

const ROOT = resolve(__dirname, "..");
/** Built from its code point so that this file cites no section itself. */
const SECTION = "\u00a7";

/** What never holds the project's own text, when git cannot say what is tracked. */
const NOT_SOURCE = new Set(["node_modules", ".git", "dist", "dist-bench", "data", "coverage", "test-artifacts", "results", ".venv"]);

/** Every file of the tree: what git tracks and what it would track, or without git a walk that skips build output. */
function treeFiles(): string[] {
  try {
    const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 64 * 1024 * 1024,
    });
    return [...new Set(listed.split("\0").filter((file) => file !== "" && existsSync(join(ROOT, file))))];
  } catch {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
        if (NOT_SOURCE.has(entry.name)) continue;
        const path = dir === "" ? entry.name : `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(path);
        else if (entry.isFile()) files.push(path);
      }
    };
    walk("");
    return files;
  }
}

/** The text files of the tree (no NUL byte), by path relative to the root. */
function textFiles(): Map<string, string> {
  const texts = new Map<string, string>();
  for (const file of treeFiles()) {
    const path = join(ROOT, file);
    if (statSync(path).size > 8 * 1024 * 1024) continue;
    const bytes = readFileSync(path);
    if (bytes.includes(0)) continue;
    texts.set(file.split(sep).join("/"), bytes.toString("utf8"));
  }
  return texts;
}

/** Ways of citing a document that is not in the repository. */
const OUTSIDE_CITATIONS: readonly RegExp[] = [
  /decisions\.md/i,
  new RegExp(`\\bdecisions\\s*${SECTION}`, "i"),
  new RegExp(`\\bspec\\s*${SECTION}`, "i"),
  /\(decisions\s*:/i,
  /shared\/(?:spec|design)\//,
  // A numbered section that no RFC names: a section of some other document.
  new RegExp(`(?<!RFC \\d{3,5},? )${SECTION}\\s?\\d`),
];

/** Whether a line cites a document outside the repository. */
function citesOutside(line: string): boolean {
  return OUTSIDE_CITATIONS.some((pattern) => pattern.test(line));
}

/** Relative paths in `text`, of `file`, that lead out of the repository (`../shared/...` from the root). */
function pathsLeavingTheRepository(file: string, text: string): string[] {
  const from = dirname(join(ROOT, file));
  return [...text.matchAll(/(?<![\w/.])(?:\.\.\/)+[\w.-]+/g)]
    .map((match) => match[0])
    .filter((path) => relative(ROOT, resolve(from, path)).startsWith(".."));
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
function slugOf(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
    .replace(/ /g, "-");
}

/** Lines of Markdown outside fenced code blocks, with their numbers. */
function proseLines(markdown: string): { line: string; number: number }[] {
  const lines: { line: string; number: number }[] = [];
  let fence: string | undefined;
  markdown.split("\n").forEach((line, index) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker !== undefined) {
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      return;
    }
    if (fence === undefined) lines.push({ line, number: index + 1 });
  });
  return lines;
}

/** Every anchor a Markdown file has: its headings' slugs (a repeated one gets `-1`, `-2`, ...) and HTML ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { line } of proseLines(markdown)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const slug = slugOf(heading);
      const times = seen.get(slug) ?? 0;
      anchors.add(times === 0 ? slug : `${slug}-${times}`);
      seen.set(slug, times + 1);
    }
    for (const id of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id[1] as string);
  }
  return anchors;
}

describe("the repository explains itself", () => {
  const texts = textFiles();
  const anchorCache = new Map<string, Set<string>>();
  const anchorsIn = (file: string) => {
    let anchors = anchorCache.get(file);
    if (!anchors) anchorCache.set(file, (anchors = anchorsOf(texts.get(file) ?? readFileSync(join(ROOT, file), "utf8"))));
    return anchors;
  };
  /** Why `target` (`path#anchor`, the path from the root) does not resolve, or undefined when it does. */
  const brokenBecause = (path: string, anchor: string | undefined): string | undefined => {
    const absolute = join(ROOT, path);
    if (!existsSync(absolute)) return "no such file";
    if (anchor === undefined || !path.endsWith(".md") || statSync(absolute).isDirectory()) return undefined;
    return anchorsIn(path).has(anchor) ? undefined : `no heading #${anchor}`;
  };

  it("recognises a citation of a document kept outside, and leaves RFC sections alone", () => {
    expect(citesOutside(`rules of decisions ${SECTION}4`)).toBe(true);
    expect(citesOutside(`(spec ${SECTION}2-${SECTION}4)`)).toBe(true);
    const decisions = "decisions";
    expect(citesOutside(`see ${["..", "shared", "spec", `${decisions}.md`].join("/")}`)).toBe(true);
    expect(citesOutside(`retried (${decisions}: 408, 429)`)).toBe(true);
    expect(citesOutside(`and whether they may call now (${SECTION}7)`)).toBe(true);
    expect(citesOutside(`errors as RFC 6749 ${SECTION}5.2 has them; RFC 8628, ${SECTION}3.4`)).toBe(false);
    expect(citesOutside("the rules of docs/api.md#rate-limits")).toBe(false);
  });

  it("makes a heading's anchor the way GitHub does", () => {
    expect(slugOf("OAuth 2.0")).toBe("oauth-20");
    expect(slugOf("OpenAPI documents and `/docs`")).toBe("openapi-documents-and-docs");
    expect(slugOf("Applications (the developer portal)")).toBe("applications-the-developer-portal");
    expect(slugOf("Retries, order, duplicates")).toBe("retries-order-duplicates");
    expect(slugOf("`trivial-route`: what the framework costs")).toBe("trivial-route-what-the-framework-costs");
    const anchors = anchorsOf("# Results\n\n```sh\n# not a heading\n```\n\n## Results\n\n### Why [this](x.md)\n");
    expect([...anchors]).toEqual(["results", "results-1", "why-this"]);
  });

  it("cites no document kept outside the repository", () => {
    const citations: string[] = [];
    for (const [file, text] of texts) {
      text.split("\n").forEach((line, index) => {
        if (citesOutside(line)) citations.push(`${file}:${index + 1}: ${line.trim()}`);
      });
      for (const path of pathsLeavingTheRepository(file, text)) citations.push(`${file}: ${path} leads out of the repository`);
    }
    expect(citations).toEqual([]);
  });

  it("points only at docs that exist, and at headings they have", () => {
    const broken: string[] = [];
    for (const [file, text] of texts) {
      text.split("\n").forEach((line, index) => {
        for (const match of line.matchAll(/(?<![\w./-])(docs\/[\w./-]*?\.md)(?:#([\w-]+))?/g)) {
          const why = brokenBecause(match[1] as string, match[2]);
          if (why) broken.push(`${file}:${index + 1}: ${match[0]}: ${why}`);
        }
      });
    }
    expect(broken).toEqual([]);
  });

  it("links Markdown only to files that exist and to headings they have", () => {
    const broken: string[] = [];
    for (const [file, text] of texts) {
      if (!file.endsWith(".md")) continue;
      for (const { line, number } of proseLines(text)) {
        for (const match of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
          const target = match[1] as string;
          if (/^[a-z][a-z\d+.-]*:/i.test(target)) continue;
          const [pathPart = "", anchor] = target.split("#");
          const path =
            pathPart === ""
              ? file
              : relative(ROOT, resolve(ROOT, dirname(file), decodeURI(pathPart)))
                  .split(sep)
                  .join("/");
          const why = path.startsWith("..") ? "outside the repository" : brokenBecause(path, anchor);
          if (why) broken.push(`${file}:${number}: ${target}: ${why}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
