import { z } from "zod";
import { namedTimeZone, nothing as none, someChanges } from "../../shared/inputs";
import { pagingQuery } from "../../shared/paging";
import { noBody } from "../../shared/validation";
import { MAIL_KINDS, MAIL_STATES } from "./contract";

export const listOutboxInput = z.object({
  params: none,
  query: z
    .object({
      ...pagingQuery,
      kind: z.enum(MAIL_KINDS, `must be one of ${MAIL_KINDS.join(", ")}`).optional(),
      state: z.enum(MAIL_STATES, `must be one of ${MAIL_STATES.join(", ")}`).optional(),
    })
    .strict(),
  body: noBody,
});

export const updatePreferencesInput = z.object({
  params: none,
  query: none,
  body: someChanges(z.object({ weekly_summary: z.boolean().optional(), time_zone: namedTimeZone.optional() }).strict()),
});
