import { readFileSync } from "node:fs";
import { relative } from "node:path";

/** One fenced code block of a README: where it is, its language and its code. */
export interface Example {
  /** `sdk/js/README.md:42`, for messages. */
  where: string;
  language: string;
  code: string;
}

const FENCE = /^```(\S*).*$/;

/**
 * The fenced code blocks of a Markdown file whose language is one of `languages`, read
 * line by line so that every block is found, whatever surrounds it. With `sections`, only
 * blocks under a `## ` heading that starts with one of them count.
 */
export function examplesOf(file: string, root: string, languages: readonly string[], sections?: readonly string[]): Example[] {
  const lines = readFileSync(file, "utf8").split("\n");
  const found: Example[] = [];
  let inSection = sections === undefined;
  let open: { language: string; start: number; code: string[] } | undefined;
  lines.forEach((line, index) => {
    if (open) {
      if (line.trimEnd() === "```") {
        if (inSection && languages.includes(open.language))
          found.push({ where: `${relative(root, file)}:${open.start}`, language: open.language, code: `${open.code.join("\n")}\n` });
        open = undefined;
      } else open.code.push(line);
      return;
    }
    if (line.startsWith("## ") && sections !== undefined) inSection = sections.some((title) => line.slice(3).startsWith(title));
    const fence = FENCE.exec(line);
    if (fence) open = { language: fence[1] ?? "", start: index + 1, code: [] };
  });
  if (open) throw new Error(`${relative(root, file)}:${open.start}: a code block that is never closed`);
  return found;
}

/** Whether an example is a webhook receiver: it reads the webhook's secret, and serves until stopped. */
export function isWebhookReceiver(example: Example): boolean {
  return example.code.includes("STINT_WEBHOOK_SECRET");
}
