/**
 * Names for the generated OpenAPI types, per operation (`"projects.create"`), and the
 * camelCase faces of their inputs.
 */
import type { components, operations } from "./generated/openapi.js";

type Schemas = components["schemas"];

export type Project = Schemas["Project"];
export type Task = Schemas["Task"];
export type Rate = Schemas["Rate"];
export type Tag = Schemas["Tag"];
export type TimeEntry = Schemas["TimeEntry"];
export type User = Schemas["User"];
export type Invitation = Schemas["Invitation"];
export type CreatedInvitation = Schemas["CreatedInvitation"];
export type ApiKey = Schemas["ApiKey"];
export type CreatedApiKey = Schemas["CreatedApiKey"];
export type Webhook = Schemas["Webhook"];
export type WebhookWithSecret = Schemas["WebhookWithSecret"];
export type WebhookDelivery = Schemas["WebhookDelivery"];
export type Organization = Schemas["Organization"];
export type Session = Schemas["Session"];
export type Tokens = Schemas["Tokens"];
export type SummaryReport = Schemas["SummaryReport"];
export type DetailedReportEntry = Schemas["DetailedReportEntry"];
export type ImportJob = Schemas["ImportJob"];
export type ImportPreview = Schemas["ImportPreview"];
export type Screenshot = Schemas["Screenshot"];
export type OAuthApplication = Schemas["OAuthApplication"];
export type OAuthApplicationWithSecret = Schemas["OAuthApplicationWithSecret"];
export type OAuthAuthorization = Schemas["OAuthAuthorization"];
export type Version = Schemas["Version"];
export type PageMeta = Schemas["PageMeta"];

/** An event's type: the catalogue, as the server's document lists it. */
export type EventType = Schemas["Event"]["type"];

/** What each event of the catalogue carries as `data`: the resource as it was then. */
interface EventData {
  "time_entry.created": TimeEntry;
  "time_entry.updated": TimeEntry;
  "time_entry.deleted": TimeEntry;
  "time_entry.started": TimeEntry;
  "time_entry.stopped": TimeEntry;
  "screenshot.captured": Screenshot;
  "screenshot.deleted": Screenshot;
  "project.created": Project;
  "project.updated": Project;
  "project.deleted": Project;
  "user.invited": Invitation;
  "user.joined": User;
  "user.removed": User;
}

/**
 * One event of a live stream, typed by its `type`: `if (event.type === "time_entry.started")`
 * makes `event.data` a `TimeEntry`. A type the server knows and this library does not carries
 * its data untyped.
 */
export type StintEvent = {
  [K in EventType]: Omit<Schemas["Event"], "type" | "data"> & {
    type: K;
    data: K extends keyof EventData ? EventData[K] : Record<string, unknown>;
  };
}[EventType];

/** Said by a live stream that could not resume where it was (the last event is too old): reload what you show. */
export interface StreamReset {
  type: "reset";
  reason: string;
  message: string;
}

export type OperationId = keyof operations;

/** `start_date` -> `startDate`. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

/** Query flags and numeric choices travel as text (`"true"`, `"15"`); callers may give booleans and numbers. */
type Widened<T> = [Exclude<T, undefined>] extends ["true" | "false"]
  ? T | boolean
  : [Exclude<T, undefined>] extends [`${number}`]
    ? T | number
    : T;

/** An object's top-level keys in camelCase (the API's fields are one level deep in inputs). */
export type Camelize<T> = { [K in keyof T as K extends string ? CamelCase<K> : K]: Widened<T[K]> };

type Parameters<O extends OperationId> = operations[O]["parameters"];

/** The query of an operation, in camelCase. */
export type QueryOf<O extends OperationId> = Camelize<NonNullable<Parameters<O>["query"]>>;

/** The JSON body of an operation, in camelCase. */
export type BodyOf<O extends OperationId> = operations[O] extends { requestBody: { content: { "application/json": infer Body } } }
  ? Camelize<Body>
  : operations[O] extends { requestBody?: { content: { "application/json": infer Body } } }
    ? Camelize<Body>
    : never;

/** Paging of every list: `page` from 1, `perPage` up to 200. */
export interface PageParams {
  page?: number;
  perPage?: number;
}
