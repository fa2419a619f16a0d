import { APIPromise } from "./api-promise.js";
import { HttpClient, type ClientOptions, type RequestOptions } from "./core.js";
import { ApiKeys, Auth, OrganizationResource } from "./resources/account.js";
import { Events } from "./resources/events.js";
import { Imports } from "./resources/imports.js";
import { OAuth } from "./resources/oauth.js";
import { Projects } from "./resources/projects.js";
import { Rates } from "./resources/rates.js";
import { Tags } from "./resources/tags.js";
import { Reports } from "./resources/reports.js";
import { Screenshots } from "./resources/screenshots.js";
import { Tasks } from "./resources/tasks.js";
import { TimeEntries } from "./resources/time-entries.js";
import { Invitations, Users } from "./resources/users.js";
import { Webhooks } from "./resources/webhooks.js";
import type { Version } from "./types.js";

/** The transport, made before the resources that share it. */
abstract class ClientBase {
  protected readonly http: HttpClient;

  constructor(options: ClientOptions = {}) {
    this.http = new HttpClient(options);
  }
}

/**
 * A client of one Stint deployment, with one credential:
 * `new Stint({ apiKey: "tt_live_...", baseUrl: "https://stint.example.com" })`.
 * Each resource is a file of its own under `resources/` and one line here.
 */
export class Stint extends ClientBase {
  readonly projects = new Projects(this.http);
  readonly tasks = new Tasks(this.http);
  readonly rates = new Rates(this.http);
  readonly timeEntries = new TimeEntries(this.http);
  readonly tags = new Tags(this.http);
  readonly users = new Users(this.http);
  readonly invitations = new Invitations(this.http);
  readonly apiKeys = new ApiKeys(this.http);
  readonly organization = new OrganizationResource(this.http);
  readonly auth = new Auth(this.http);
  readonly webhooks = new Webhooks(this.http);
  readonly reports = new Reports(this.http);
  readonly imports = new Imports(this.http);
  readonly screenshots = new Screenshots(this.http);
  readonly oauth = new OAuth(this.http);
  readonly events = new Events(this.http);

  /** The service root this client talks to. */
  get baseUrl(): string {
    return this.http.baseUrl;
  }

  /** The deployment's name and version (no credential needed). */
  version(options?: RequestOptions): APIPromise<Version> {
    const answer = this.http.json<{ data: Version }>({ method: "GET", path: "/version" }, options);
    return new APIPromise(answer.then(({ data, response }) => ({ data: data.data, response })));
  }
}
