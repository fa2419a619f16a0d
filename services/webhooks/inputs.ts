import { z } from "zod";
import { someChanges, trimmedText, nothing } from "../../shared/inputs";
import { EVENT_TYPES, type EventType } from "../../shared/events";
import { pagingQuery } from "../../shared/paging";
import { idOf, noBody } from "../../shared/validation";

const KNOWN = new Set<string>(EVENT_TYPES);

/**
 * Only a syntax check here; whether the address may be reached is the service's (it needs
 * DNS). The documents ask for what every deployment takes: an `https://` URI.
 */
const url = trimmedText(2048).meta({ format: "uri", pattern: "^https://\\S+$" });

/** Event names from the catalogue, at least one, each once. An unknown one is named in the 400. */
const events = z
  .array(z.string())
  .refine((names) => names.length > 0, { message: "must name at least one event", params: { reason: "required" } })
  .max(EVENT_TYPES.length * 2, "names too many events")
  .superRefine((names, ctx) => {
    const unknown = names.filter((name) => !KNOWN.has(name));
    if (unknown.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `has unknown event${unknown.length > 1 ? "s" : ""} ${unknown.map((name) => JSON.stringify(name)).join(", ")} (known: ${EVENT_TYPES.join(", ")})`,
        params: { reason: "invalid", unknown },
      });
    }
  })
  .meta({ minItems: 1, items: { type: "string", enum: [...EVENT_TYPES] } })
  .transform((names) => [...new Set(names)] as EventType[]);

const webhookPath = z.object({ id: idOf("webhook") }).strict();
const deliveryPath = z.object({ id: idOf("webhook"), delivery_id: idOf("webhookDelivery") }).strict();

export const createWebhookInput = z.object({
  params: nothing,
  query: nothing,
  body: z.object({ url, events }).strict(),
});

export const listWebhooksInput = z.object({
  params: nothing,
  query: z.object(pagingQuery).strict(),
  body: noBody,
});

export const webhookByIdInput = z.object({
  params: webhookPath,
  query: nothing,
  body: noBody,
});

export const updateWebhookInput = z.object({
  params: webhookPath,
  query: nothing,
  body: someChanges(
    z.object({ url: url.optional(), events: events.optional(), status: z.enum(["active", "disabled"]).optional() }).strict(),
  ),
});

export const listDeliveriesInput = z.object({
  params: webhookPath,
  query: z.object({ ...pagingQuery, status: z.enum(["pending", "succeeded", "failed"]).optional() }).strict(),
  body: noBody,
});

export const deliveryByIdInput = z.object({
  params: deliveryPath,
  query: nothing,
  body: noBody,
});

export type CreateWebhookInput = z.output<typeof createWebhookInput>;
export type UpdateWebhookInput = z.output<typeof updateWebhookInput>;
export type ListDeliveriesInput = z.output<typeof listDeliveriesInput>;
