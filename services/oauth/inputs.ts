import { z } from "zod";
import { PERMISSIONS } from "../../shared/identity";
import { someChanges, trimmedText, nothing } from "../../shared/inputs";
import { pagingQuery } from "../../shared/paging";
import { idOf, noBody } from "../../shared/validation";

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

/**
 * Where an application may send people back (RFC 9700 §4.1, RFC 8252): an absolute URI
 * without a fragment, either `https://`, `http://` on a loopback address (native and
 * command-line applications), or a private-use scheme in reverse domain order
 * (`com.example.app:/callback`). Null when acceptable, otherwise what is wrong.
 */
export function redirectUriProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be an absolute URI";
  }
  if (url.hash !== "" || value.includes("#")) return "must not have a fragment";
  if (url.username !== "" || url.password !== "") return "must not carry credentials";
  const scheme = url.protocol.slice(0, -1);
  if (scheme === "https") return url.hostname === "" ? "must name a host" : null;
  if (scheme === "http")
    return LOOPBACK_HOSTS.has(url.hostname) ? null : "must be https://, except on a loopback address (127.0.0.1, [::1], localhost)";
  if (/^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/.test(scheme)) return null;
  return "must be https://, http:// on a loopback address, or a private-use scheme such as com.example.app:";
}

const redirectUri = z
  .string()
  .max(2048, "must be at most 2048 characters")
  .superRefine((value, ctx) => {
    const problem = redirectUriProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem, params: { reason: "invalid" } });
  })
  .meta({ format: "uri" });

const redirectUris = z
  .array(redirectUri)
  .min(1, "must name at least one redirect URI")
  .max(10, "at most 10 redirect URIs")
  .transform((uris) => [...new Set(uris)]);

const homepageUrl = z
  .string()
  .max(2048, "must be at most 2048 characters")
  .refine((value) => /^https?:\/\/\S+$/.test(value) && URL.canParse(value), { message: "must be an http(s) URL" })
  .meta({ format: "uri", pattern: "^https?://\\S+$" })
  .nullable();

const scopes = z
  .array(z.enum(PERMISSIONS))
  .min(1, "must name at least one scope")
  .max(PERMISSIONS.length * 2)
  .transform((names) => [...new Set(names)]);

const applicationPath = z.object({ id: idOf("oauthApplication") }).strict();

export const createApplicationInput = z.object({
  params: nothing,
  query: nothing,
  body: z
    .object({
      name: trimmedText(100),
      client_type: z.enum(["confidential", "public"]).default("confidential"),
      redirect_uris: redirectUris,
      homepage_url: homepageUrl.optional().transform((value) => value ?? null),
      scopes,
    })
    .strict(),
});
export type CreateApplicationBody = z.output<typeof createApplicationInput>["body"];

export const listApplicationsInput = z.object({
  params: nothing,
  query: z.object(pagingQuery).strict(),
  body: noBody,
});

export const applicationByIdInput = z.object({
  params: applicationPath,
  query: nothing,
  body: noBody,
});

export const updateApplicationInput = z.object({
  params: applicationPath,
  query: nothing,
  body: someChanges(
    z
      .object({
        name: trimmedText(100).optional(),
        redirect_uris: redirectUris.optional(),
        homepage_url: homepageUrl.optional(),
        scopes: scopes.optional(),
        status: z.enum(["active", "disabled"]).optional(),
      })
      .strict(),
  ),
});
export type UpdateApplicationBody = z.output<typeof updateApplicationInput>["body"];

export const listAuthorizationsInput = listApplicationsInput;

export const authorizationByClientInput = z.object({
  params: z.object({ client_id: idOf("oauthClient") }).strict(),
  query: nothing,
  body: noBody,
});
