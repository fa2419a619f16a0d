import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { STYLE_MOUNTS, type ApiStyle } from "../styles";
import { DOCUMENT_FILE } from "./document";
import { staticFile, type StaticFile } from "./static-file";

/**
 * The rendered reference at `/docs`: Swagger UI, served from the `swagger-ui-dist` package
 * (nothing from a CDN), started by a served script so that the page needs no inline script.
 */

export const DOCS_PATH = "/docs";
export const ASSETS_PATH = `${DOCS_PATH}/assets`;

const SWAGGER_UI_DIR = dirname(require.resolve("swagger-ui-dist/package.json"));

/** The package files the page loads, and nothing else of that directory. */
const ASSET_TYPES: Readonly<Record<string, string>> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "index.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui-standalone-preset.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
  "favicon-16x16.png": "image/png",
};

/** Swagger UI loads and fetches only from this origin. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  // Swagger UI writes some styles inline; scripts stay strictly this host's files.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

function swaggerUiVersion(): string {
  return (JSON.parse(readFileSync(join(SWAGGER_UI_DIR, "package.json"), "utf8")) as { version: string }).version;
}

function pageHtml(version: string): string {
  // The package's version in asset URLs: an upgrade is never served from a stale cache.
  const asset = (name: string) => `${ASSETS_PATH}/${name}?v=${encodeURIComponent(version)}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Stint API reference</title>
<link rel="icon" type="image/png" sizes="32x32" href="${asset("favicon-32x32.png")}">
<link rel="icon" type="image/png" sizes="16x16" href="${asset("favicon-16x16.png")}">
<link rel="stylesheet" href="${asset("swagger-ui.css")}">
<link rel="stylesheet" href="${asset("index.css")}">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${asset("swagger-ui-bundle.js")}"></script>
<script src="${asset("swagger-ui-standalone-preset.js")}"></script>
<script src="${DOCS_PATH}/init.js"></script>
</body>
</html>
`;
}

/** Starts Swagger UI with both documents; `?style=B` opens Style B's first. */
function initScript(): string {
  const documentOf = (style: ApiStyle) => {
    const mount = STYLE_MOUNTS.find((m) => m.style === style);
    if (!mount) throw new Error(`no mount serves Style ${style}`);
    return { url: `${mount.path}${DOCUMENT_FILE}`, name: `Style ${style}: ${mount.path}` };
  };
  const documents = [documentOf("A"), documentOf("B")];
  return `"use strict";
window.addEventListener("load", function () {
  var documents = ${JSON.stringify(documents)};
  var style = new URLSearchParams(window.location.search).get("style");
  window.ui = SwaggerUIBundle({
    urls: documents,
    "urls.primaryName": documents[style === "B" ? 1 : 0].name,
    dom_id: "#swagger-ui",
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: "StandaloneLayout",
    validatorUrl: null
  });
});
`;
}

export interface DocsFiles {
  page: StaticFile;
  init: StaticFile;
  /** An allowed asset, read from the package on first use; undefined for any other name. */
  asset(name: string): Promise<StaticFile> | undefined;
}

export function docsFiles(): DocsFiles {
  const page = staticFile(pageHtml(swaggerUiVersion()), "text/html; charset=utf-8", "no-cache", {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "Referrer-Policy": "no-referrer",
  });
  const init = staticFile(initScript(), "text/javascript; charset=utf-8", "no-cache");
  const loaded = new Map<string, Promise<StaticFile>>();
  return {
    page,
    init,
    asset(name) {
      if (!Object.prototype.hasOwnProperty.call(ASSET_TYPES, name)) return undefined;
      let file = loaded.get(name);
      if (!file) {
        const contentType = ASSET_TYPES[name] as string;
        file = readFile(join(SWAGGER_UI_DIR, name)).then((bytes) => staticFile(bytes, contentType, "public, max-age=86400"));
        // A failed read is tried again next time rather than remembered.
        file.catch(() => loaded.delete(name));
        loaded.set(name, file);
      }
      return file;
    },
  };
}
