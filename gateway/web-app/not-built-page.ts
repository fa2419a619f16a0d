import type { ServerResponse } from "node:http";
import { HTML_HEADERS } from "./headers";

/** What `/` says when the gateway found no built application: the API itself is running. */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Stint: web application not built</title>
</head>
<body>
<h1>The web application is not built</h1>
<p>This Stint server is running, and its API answers under <code>/api</code>, but the files of the web application were not found when it started.</p>
<p>Run <code>npm run build</code>, then start the server again.</p>
</body>
</html>
`;

export function sendNotBuiltPage(res: ServerResponse, extraHeaders: Record<string, string> = {}): void {
  const body = Buffer.from(PAGE, "utf8");
  res.writeHead(503, {
    ...extraHeaders,
    ...HTML_HEADERS,
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": String(body.length),
    "Cache-Control": "no-store",
  });
  res.end(body);
}
