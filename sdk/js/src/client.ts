import { HttpClient, type ClientOptions, type RequestOptions } from "./core.js";
import { ApiKeys, Auth, OrganizationResource } from "./resources/account.js";
import { Imports } from "./resources/imports.js";
import { OAuth, OAuthApplications, OAuthAuthorizations } from "./resources/oauth.js";
import { Projects } from "./resources/projects.js";
import { Reports } from "./resources/reports.js";
import { Tasks } from "./resources/tasks.js";
import { TimeEntries } from "./resources/time-entries.js";
import { Invitations, Users } from "./resources/users.js";
import { Webhooks } from "./resources/webhooks.js";
import type { Version } from "./types.js";

/**
 * A client of one Stint deployment, with one credential:
 * `new Stint({ apiKey: "tt_live_...", baseUrl: "https://stint.example.com" })`.
 * Each resource is a file of its own under `resources/`; adding one is a file and a line here.
 */
export class Stint {
  readonly projects: Projects;
  readonly tasks: Tasks;
  readonly timeEntries: TimeEntries;
  readonly users: Users;
  readonly invitations: Invitations;
  readonly apiKeys: ApiKeys;
  readonly organization: OrganizationResource;
  readonly auth: Auth;
  readonly webhooks: Webhooks;
  readonly reports: Reports;
  readonly imports: Imports;
  readonly oauth: OAuth;
  private readonly http: HttpClient;

  constructor(options: ClientOptions = {}) {
    this.http = new HttpClient(options);
    this.projects = new Projects(this.http);
    this.tasks = new Tasks(this.http);
    this.timeEntries = new TimeEntries(this.http);
    this.users = new Users(this.http);
    this.invitations = new Invitations(this.http);
    this.apiKeys = new ApiKeys(this.http);
    this.organization = new OrganizationResource(this.http);
    this.auth = new Auth(this.http);
    this.webhooks = new Webhooks(this.http);
    this.reports = new Reports(this.http);
    this.imports = new Imports(this.http);
    this.oauth = new OAuth(new OAuthApplications(this.http), new OAuthAuthorizations(this.http));
  }

  /** The service root this client talks to. */
  get baseUrl(): string {
    return this.http.baseUrl;
  }

  /** The deployment's name and version (no credential needed). */
  async version(options?: RequestOptions): Promise<Version> {
    const { data } = await this.http.json<{ data: Version }>({ method: "GET", path: "/version" }, options);
    return data.data;
  }
}
