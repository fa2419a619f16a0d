import { z } from "zod";
import { calendarDate, datesInOrder, instant as timestamp, someChanges, nothing as none, trimmedText } from "../../shared/inputs";
import { pagingQuery } from "../../shared/paging";
import { idOf, noBody, queryBoolean } from "../../shared/validation";
import { MAX_TAG_LENGTH, MAX_TAGS_PER_ENTRY, tagKey } from "./contract";

export const MAX_ENTRY_SECONDS = 24 * 60 * 60;

const description = z.string().max(5000, "must be at most 5000 characters");
const entryPath = z.object({ id: idOf("timeEntry") }).strict();

const tagName = trimmedText(MAX_TAG_LENGTH);

/** An entry's tags: trimmed, at most 20, no two the same ignoring case (docs/api.md#tags). */
const tags = z
  .array(tagName)
  .max(MAX_TAGS_PER_ENTRY, `must hold at most ${MAX_TAGS_PER_ENTRY} tags`)
  .superRefine((names, ctx) => {
    const seen = new Set<string>();
    names.forEach((name, index) => {
      const key = tagKey(name);
      if (seen.has(key)) {
        ctx.addIssue({
          code: "custom",
          path: [index],
          message: "repeats a tag of this entry (ignoring case)",
          params: { reason: "invalid" },
        });
      }
      seen.add(key);
    });
  });

/**
 * `?tag=a&tag=b`: entries with any of these tags, ignoring case. One value arrives as a
 * string, several as an array; more than 20 arrive as neither (the query parser makes an
 * object of them), so the union's own message says what is allowed.
 */
const tagFilter = z
  .union([tagName, z.array(tagName).min(1).max(MAX_TAGS_PER_ENTRY, `must name at most ${MAX_TAGS_PER_ENTRY} tags`)], {
    error: `must name 1 to ${MAX_TAGS_PER_ENTRY} tags, each 1-${MAX_TAG_LENGTH} characters`,
  })
  .transform((value) => (Array.isArray(value) ? value : [value]));

/** `end_time` after `start_time`, and a finished entry lasts at most 24 hours. */
function checkSpan(body: { start_time?: string; end_time?: string | null }, ctx: z.RefinementCtx): void {
  if (!body.start_time || !body.end_time) return;
  const seconds = (Date.parse(body.end_time) - Date.parse(body.start_time)) / 1000;
  if (seconds <= 0) {
    ctx.addIssue({ code: "custom", path: ["end_time"], message: "must be after start_time", params: { reason: "invalid" } });
  } else if (seconds > MAX_ENTRY_SECONDS) {
    ctx.addIssue({
      code: "custom",
      path: ["end_time"],
      message: "must be at most 24 hours after start_time",
      params: { reason: "out_of_range" },
    });
  }
}

export const createEntryInput = z.object({
  params: none,
  query: none,
  body: z
    .object({
      project_id: idOf("project"),
      start_time: timestamp,
      end_time: timestamp,
      task_id: idOf("task").nullable().default(null),
      description: description.default(""),
      billable: z.boolean().optional(),
      tags: tags.default([]),
      user_id: idOf("user").optional(),
    })
    .strict()
    .superRefine(checkSpan),
});

export const updateEntryInput = z.object({
  params: entryPath,
  query: none,
  body: someChanges(
    z
      .object({
        project_id: idOf("project").optional(),
        start_time: timestamp.optional(),
        end_time: timestamp.optional(),
        task_id: idOf("task").nullable().optional(),
        description: description.optional(),
        billable: z.boolean().optional(),
        tags: tags.optional(),
        user_id: idOf("user").optional(),
      })
      .strict(),
  ).superRefine(checkSpan),
});

export const listEntriesInput = z.object({
  params: none,
  query: z
    .object({
      ...pagingQuery,
      user_id: idOf("user").optional(),
      project_id: idOf("project").optional(),
      task_id: idOf("task").optional(),
      billable: queryBoolean.optional(),
      start_date: calendarDate.optional(),
      end_date: calendarDate.optional(),
      tag: tagFilter.optional(),
    })
    .strict()
    .superRefine(datesInOrder),
  body: noBody,
});

export const entryByIdInput = z.object({ params: entryPath, query: none, body: noBody });

export const startTimerInput = z.object({
  params: none,
  query: none,
  body: z
    .object({
      project_id: idOf("project"),
      task_id: idOf("task").nullable().default(null),
      description: description.default(""),
      billable: z.boolean().optional(),
      tags: tags.default([]),
    })
    .strict(),
});

export const noInput = z.object({ params: none, query: none, body: noBody });

export type CreateEntryInput = z.output<typeof createEntryInput>["body"];
export type UpdateEntryInput = z.output<typeof updateEntryInput>["body"];
export type ListEntriesQuery = z.output<typeof listEntriesInput>["query"];
export type StartTimerInput = z.output<typeof startTimerInput>["body"];

export const listTagsInput = z.object({ params: none, query: z.object({ ...pagingQuery }).strict(), body: noBody });
export type ListTagsQuery = z.output<typeof listTagsInput>["query"];
