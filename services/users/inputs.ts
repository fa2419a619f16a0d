import { z } from "zod";
import { emailAddress, hourlyRate, nothing as none, someChanges, trimmedText } from "../../shared/inputs";
import { pagingQuery } from "../../shared/paging";
import { idOf, noBody } from "../../shared/validation";

const assignableRole = z.enum(["admin", "member"], "must be admin or member");
const userPath = z.object({ id: idOf("user") }).strict();
const invitationPath = z.object({ id: idOf("invitation") }).strict();

export const listUsersInput = z.object({
  params: none,
  query: z.object({ ...pagingQuery, role: z.enum(["owner", "admin", "member"], "must be owner, admin or member").optional() }).strict(),
  body: noBody,
});
export const userByIdInput = z.object({ params: userPath, query: none, body: noBody });
export const changeRoleInput = z.object({
  params: userPath,
  query: none,
  body: someChanges(z.object({ role: assignableRole.optional(), hourly_rate: hourlyRate.nullable().optional() }).strict()),
});
export const inviteInput = z.object({
  params: none,
  query: none,
  body: z
    .object({
      email: emailAddress,
      role: assignableRole.default("member"),
    })
    .strict(),
});
export const listInvitationsInput = z.object({ params: none, query: z.object({ ...pagingQuery }).strict(), body: noBody });
export const invitationByIdInput = z.object({ params: invitationPath, query: none, body: noBody });
export const acceptInvitationInput = z.object({
  params: none,
  query: none,
  body: z
    .object({
      token: z.string().min(1, "must not be empty").max(200, "must be at most 200 characters"),
      name: trimmedText(200),
      password: z.string().min(10, "must be at least 10 characters").max(200, "must be at most 200 characters"),
    })
    .strict(),
});

export type ChangeUserBody = z.output<typeof changeRoleInput>["body"];
export type AcceptInvitationBody = z.output<typeof acceptInvitationInput>["body"];
