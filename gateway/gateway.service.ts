import type { Server, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { Context, Service, ServiceBroker, ServiceSchema } from "moleculer";
import ApiGateway, { type ApiRouteSchema, type ApiSettingsSchema, type IncomingRequest } from "moleculer-web";
import type { Config } from "../shared/config";
import { writesLevel } from "../shared/logger";
import { isPulledStream, readPulled } from "../shared/pulled-stream";
import type { RequestMeta } from "../shared/context";
import { createAdmission } from "./admission";
import { createAuthenticator } from "./authenticate";
import { LiveStreams } from "./live/live-streams";
import { callStreamAction } from "./live/stream-call";
import type { LiveFeed } from "../shared/live/feed";
import { followIntoFeed } from "../shared/live/follow";
import type { Consumption, EventStream } from "../shared/event-stream";
import { parseTrustedProxies } from "./rate-limit/client-address";
import { rateLimitHeadersOf } from "./rate-limit/limiter";
import { oauthClientPolicy } from "./rate-limit/policy";
import { authClient } from "../services/auth/client";
import type { TokenSigner } from "../shared/auth/tokens";
import { andThen, type Eventually } from "../shared/kv/eventually";
import type { KeyValueStore } from "../shared/kv/port";
import { toErrorResponse } from "./error-response";
import { buildOpenApiDocuments } from "./openapi/document";
import { referenceRoute } from "./openapi/reference-route";
import { oauthRoute } from "./oauth/oauth-route";
import { defaultWebDir, readWebBuild } from "./web-app/build";
import { webSessionRoute } from "./web-app/session/session-route";
import { webApp } from "./web-app/web-app-route";
import type { InFlightRequests } from "./in-flight";
import { callIdempotently, type ClaimHolders, type SentBody } from "./idempotent-call";
import { jsonBodies } from "./json-body";
import { methodNotAllowedAlias, notFoundOrMethodNotAllowed, type RegisteredAlias } from "./method-not-allowed";
import { checkReadiness, servicesAnsweringCheck, type ReadinessCheck } from "../shared/health/readiness";
import { gatewayHttpHandler } from "./http-entry";
import { crossOriginRequests } from "./cors";
import { callsActionOnly, routeToAction, type FoundAlias, type RoutingGateway } from "./action-route";
import { indexedAliasResolver, type MatchableAlias } from "./alias-index";
import { requestIdFrom } from "./request-id";
import { retryingOnce } from "./retry-once";
import {
  accessOf,
  aliasesOf,
  isStreamAction,
  isUploadRequest,
  locationOf,
  operationOf,
  ROUTED_SERVICES,
  ROUTES,
  servesOperation,
} from "./routes";
import { callWithUpload, receiveUpload, tooLargeError, uploadOf } from "./upload";
import { errorBody, presentInStyle, STYLE_MOUNTS, styleOfPath, type ApiStyle } from "./styles";

export interface GatewayDependencies {
  config: Config;
  readiness: readonly ReadinessCheck[];
  inFlight: InFlightRequests;
  kv: KeyValueStore;
  signer: TokenSigner;
  /** This process's live feed of events, which live streams listen to. */
  liveFeed: LiveFeed;
  /** Distributed: the JetStream stream, followed into the live feed. */
  eventStream?: EventStream;
  /** The time the gateway's counters are read at: the clock unless a test gives its own. */
  clock?: () => number;
}

type RouteOf<S extends ApiStyle> = { opts: { style: S } };

const HOUR_MS = 3_600_000;
type LoggerInstance = Service["logger"];
type CallActionArguments = [
  route: unknown,
  actionName: string,
  req: IncomingRequest,
  res: ServerResponse,
  params: unknown,
  isStream: boolean,
];
type CallAction = (this: unknown, ...args: CallActionArguments) => Promise<unknown>;
type RouteHandlerArguments = [
  ctx: Context,
  route: Parameters<typeof routeToAction>[0],
  req: IncomingRequest,
  res: ServerResponse,
  found?: FoundAlias,
];
type RouteHandler = (this: unknown, ...args: RouteHandlerArguments) => Promise<unknown>;

function sendError(logger: LoggerInstance, req: IncomingRequest, res: ServerResponse, thrown: unknown, style: ApiStyle): void {
  const error = toErrorResponse(thrown);
  if (error.status >= 500 && error.code === "internal_error") {
    logger.error({ err: thrown, path: req.originalUrl }, "request failed");
  }
  // A dependency that is away is the operator's to see, once per request, without its details reaching the caller.
  if (error.status === 503)
    logger.warn(
      {
        err: { name: (thrown as { name?: unknown } | null)?.name, message: (thrown as { message?: unknown } | null)?.message },
        path: req.originalUrl,
      },
      "answered 503: a dependency is not available",
    );
  if (res.headersSent) {
    res.end();
    return;
  }
  const headers: Record<string, string> = { "Content-Type": "application/json; charset=utf-8", ...rateLimitHeadersOf(thrown) };
  if (error.status === 503) headers["Retry-After"] = "5";
  res.writeHead(error.status, headers);
  res.end(JSON.stringify(errorBody(style, error)));
}

function apiRoute(path: string, style: ApiStyle): ApiRouteSchema {
  return {
    name: `style-${style}${path.replaceAll("/", "-")}`,
    path,
    style,
    mappingPolicy: "restrict",
    mergeParams: false,
    aliases: aliasesOf(ROUTES, methodNotAllowedAlias, receiveUpload),
    authentication: true,
    logging: false,
    bodyParsers: false,
    use: [jsonBodies((method, routePath) => servesOperation(method, routePath) && !isUploadRequest(method, routePath))],
    onAfterCall(ctx: Context<unknown, RequestMeta>, route: RouteOf<ApiStyle>, req: IncomingRequest, res: ServerResponse, data: unknown) {
      // A file (an export) is written in the caller's style by the service itself. HEAD sends none of it: it is not read.
      if (data instanceof Readable) {
        if (req.method === "HEAD") data.destroy();
        return data;
      }
      // One the service shelved is pulled a piece at a time, as the client takes it; HEAD pulls none (the shelf lets it idle out).
      if (isPulledStream(data)) {
        const pulled = readPulled(ctx, data);
        if (req.method === "HEAD") pulled.destroy();
        return pulled;
      }
      const shown = presentInStyle(route.opts.style, data);
      (req as IncomingRequest & SentBody).$sentBody = shown;
      const operation = ctx.meta.$statusCode === 201 || ctx.meta.$statusCode === 202 ? operationOf(req.$action?.name ?? "") : undefined;
      if (operation) {
        const location = locationOf(operation, (req as IncomingRequest & { baseUrl?: string }).baseUrl ?? path, shown);
        // moleculer-web sends `$location` with a 201 only; a 202's is set here.
        if (location) ctx.meta.$location = location;
        if (location && ctx.meta.$statusCode === 202) res.setHeader("Location", location);
      }
      return shown;
    },
    onError(this: { logger: LoggerInstance }, req: IncomingRequest, res: ServerResponse, err: Error) {
      sendError(this.logger, req, res, err, style);
    },
  } as ApiRouteSchema;
}

const healthRoute = {
  name: "health",
  path: "/health",
  mappingPolicy: "restrict",
  aliases: { "GET /live": "gateway.live", "GET /ready": "gateway.ready" },
  bodyParsers: false,
  logging: false,
  onError(this: { logger: LoggerInstance }, req: IncomingRequest, res: ServerResponse, err: Error) {
    sendError(this.logger, req, res, err, "A");
  },
} as ApiRouteSchema;

/** Claims on idempotency keys name this gateway; one whose gateway left the bus is taken over. */
function claimHolders(broker: ServiceBroker): ClaimHolders {
  return {
    holder: broker.nodeID,
    isHolderAlive: (holder) =>
      holder === broker.nodeID ||
      Boolean(
        (broker.registry as unknown as { nodes: { get(id: string): { available?: boolean } | undefined } }).nodes.get(holder)?.available,
      ),
  };
}

/**
 * How long an idle keep-alive connection stays open (docs/operations.md#connections). Node's
 * 5 s is shorter than a load balancer's idle timeout (60 s is common) and than the gaps of a
 * busy client: whoever sends a request on a connection the gateway is closing at that moment
 * gets a reset, and a POST is not sent again by itself.
 */
const KEEP_ALIVE_MS = 65_000;

function keepIdleConnections(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Node's rule: the time allowed for a request's headers outlasts the keep-alive.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}

export function gatewayService(deps: GatewayDependencies): ServiceSchema<ApiSettingsSchema> {
  const { config, inFlight } = deps;
  const logsRequests = writesLevel(config, "info");
  const trustedProxies = parseTrustedProxies(config.trustedProxies);
  const authenticator = createAuthenticator({ signer: deps.signer, kv: deps.kv });
  const admission = createAdmission({ kv: deps.kv, authenticator, trustedProxies, accessOf, now: deps.clock });
  const liveStreams = new LiveStreams({
    feed: deps.liveFeed,
    perOrganization: config.eventStreamsPerOrganization,
    perHolder: config.eventStreamsPerHolder,
    heartbeatMs: config.eventStreamHeartbeatSeconds * 1000,
    logger: { warn: (fields, message) => liveLogger?.warn(fields, message) },
  });
  let liveLogger: LoggerInstance | undefined;
  let following: Consumption | undefined;
  // Open streams never finish by themselves: draining ends them, and their clients reconnect elsewhere.
  inFlight.onDrain(() => liveStreams.closeAll());
  const web = webApp({ build: readWebBuild(config.webDir ?? defaultWebDir()), admitAnonymous: (req) => admission.admitAnonymous(req) });
  // Ready means able to serve every route: each service routed to that the deployment runs has an instance answering.
  const needed = ROUTED_SERVICES.filter((name) => (config.deployedServices as readonly string[]).includes(name));
  let readiness: readonly ReadinessCheck[] = deps.readiness;
  return {
    name: "gateway",
    mixins: [ApiGateway],
    settings: {
      port: config.port,
      ip: config.host,
      path: "",
      logRequest: null,
      logResponse: null,
      logRequestParams: null,
      logResponseData: null,
      log4XXResponses: false,
      logRouteRegistration: "debug",
      // Called first for every request: names it, counts it, and logs it when done.
      // moleculer-web accepts a function here although its typings only name an object.
      rootCallOptions: function (
        this: { logger: LoggerInstance },
        options: { requestID?: string },
        req: IncomingRequest,
        res: ServerResponse,
      ) {
        const requestId = requestIdFrom(req.headers["x-request-id"]);
        options.requestID = requestId;
        if (inFlight.draining) res.setHeader("Connection", "close");
        if (!logsRequests) {
          inFlight.track(res);
          return;
        }
        const started = process.hrtime.bigint();
        inFlight.track(res, () => {
          const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
          const path = (req.originalUrl ?? req.url ?? "").split("?")[0];
          this.logger.info(
            { requestId, method: req.method, path, status: res.statusCode, durationMs: Math.round(durationMs * 100) / 100 },
            "request",
          );
        });
      } as unknown as ApiSettingsSchema["rootCallOptions"],
      routes: [
        healthRoute,
        ...STYLE_MOUNTS.map((mount) => apiRoute(mount.path, mount.style)),
        referenceRoute({ buildDocuments: buildOpenApiDocuments, admitAnonymous: (req) => admission.admitAnonymous(req) }),
        oauthRoute({
          kv: deps.kv,
          admission,
          trustedProxies,
          publicUrl: config.publicUrl,
          clientPolicy: oauthClientPolicy(config.oauthClientPerMinute, config.oauthClientPerHour),
        }),
        webSessionRoute({
          kv: deps.kv,
          admission,
          trustedProxies,
          publicUrl: config.publicUrl,
          refreshTokenTtlSeconds: config.refreshTokenTtlDays * 86_400,
          repeatWindowMs: config.webSessionRepeatSeconds * 1000,
        }),
        web.route,
      ],
      onError(this: { logger: LoggerInstance }, req: IncomingRequest, res: ServerResponse, err: Error) {
        sendError(this.logger, req, res, err, styleOfPath(req.originalUrl ?? req.url ?? ""));
      },
    },

    actions: {
      live: {
        handler() {
          return { status: "ok" };
        },
      },
      ready: {
        async handler(ctx: Context<unknown, RequestMeta>) {
          if (inFlight.draining) {
            ctx.meta.$statusCode = 503;
            return { status: "draining", checks: {} };
          }
          const report = await checkReadiness(readiness);
          if (!report.ready) ctx.meta.$statusCode = 503;
          return {
            status: report.ready ? "ready" : "unavailable",
            checks: report.checks,
            ...(report.missing ? { missing: report.missing } : {}),
          };
        },
      },
    },

    created(this: { broker: ServiceBroker }) {
      readiness = [...deps.readiness, servicesAnsweringCheck(this.broker, needed)];
    },

    started(this: { logger: LoggerInstance; server?: Server }) {
      // moleculer-web made the server in its own created().
      if (this.server) keepIdleConnections(this.server);
      liveLogger = this.logger;
      liveStreams.start();
      // Distributed, events come from JetStream; embedded, the events service hands them to the feed.
      if (deps.eventStream)
        following = followIntoFeed(deps.eventStream, deps.liveFeed, deps.kv, config.eventStreamResumeHours * HOUR_MS, this.logger);
      if (!web.built)
        this.logger.warn({ folder: web.folder }, "the web application is not built: / answers a page saying so (run npm run build)");
    },

    async stopped() {
      liveStreams.closeAll();
      await following?.stop();
    },

    methods: {
      /** Every request, served by moleculer-web's routing without a broker action around it (see `http-entry.ts`). */
      httpHandler: gatewayHttpHandler,

      /** Web applications of the origins `CORS_ORIGINS` names (see `cors.ts`). */
      answerCrossOrigin: crossOriginRequests(config.corsOrigins),

      /** moleculer-web's handling of a routed request, with fewer promises for an alias that only names an action (see `action-route.ts`). */
      routeHandler(this: RoutingGateway, ...args: RouteHandlerArguments) {
        const [, route, req, res, found] = args;
        if (callsActionOnly(route, found)) return routeToAction.call(this, route, req, res, found);
        return (ApiGateway.methods as { routeHandler: RouteHandler }).routeHandler.apply(this, args);
      },

      /** moleculer-web's alias lookup, trying only the aliases that can match (see `alias-index.ts`). */
      resolveAlias: indexedAliasResolver<MatchableAlias>(),

      /** moleculer-web's 404 for whatever no alias serves, or a 405 where other methods are served; a browser opening a page of the web application gets it. */
      send404(
        this: { aliases: RegisteredAlias[]; sendError(req: IncomingRequest, res: ServerResponse, err: Error): void },
        req: IncomingRequest,
        res: ServerResponse,
      ) {
        if (web.answerNavigation(req, res, (err) => this.sendError(req, res, err as Error))) return;
        this.sendError(req, res, notFoundOrMethodNotAllowed(this.aliases, req, res, new ApiGateway.Errors.NotFoundError("Not found", {})));
      },

      /** moleculer-web's own call, wrapped so that a repeated POST is answered from its first run. */
      callAction(
        this: {
          broker: ServiceBroker;
          logger: LoggerInstance;
          sendResponse(req: IncomingRequest, res: ServerResponse, data: unknown, action: unknown): void;
        },
        ...args: CallActionArguments
      ) {
        const [route, action, req, res] = args;
        if (isStreamAction(action)) {
          const style = (route as RouteOf<ApiStyle>).opts.style;
          const ctx = req.$ctx as Context<unknown, RequestMeta>;
          return callStreamAction(this.broker, liveStreams, req, res, style, () =>
            authenticator.authenticate(req, (secret: string) => authClient.over(ctx).resolveApiKey({ secret })),
          );
        }
        const upload = uploadOf(req);
        // An upload is not replayed by Idempotency-Key: its file is gone once read, and an import finds what it imported before.
        const call = upload
          ? callWithUpload.call(
              this,
              route as Parameters<typeof callWithUpload>[0],
              req,
              res,
              upload,
              tooLargeError(operationOf(action)?.upload ?? { field: "file", mediaType: "", maxBytes: 0 }),
            )
          : callIdempotently(
              deps.kv,
              req,
              res,
              () =>
                retryingOnce(this.broker, req, res, () => (ApiGateway.methods as { callAction: CallAction }).callAction.apply(this, args)),
              claimHolders(this.broker),
            );
        const after = admission.afterCall(req, action);
        return after
          ? call.then(after.succeeded, async (error: unknown) => {
              throw await after.failed(error);
            })
          : call;
      },

      // Not an async function: embedded mode admits a known caller without a promise, and moleculer-web awaits what this returns.
      authenticate(
        ctx: Context<unknown, RequestMeta>,
        route: RouteOf<ApiStyle>,
        req: IncomingRequest,
        res: ServerResponse,
        alias: { action?: string },
      ): Eventually<null> {
        // The key resolver is passed as it is made: a closure bound to a name is renamed on every request when run through tsx.
        const answer = admission.admit(req, alias.action ?? "", route.opts.style, (secret: string) =>
          authClient.over(ctx).resolveApiKey({ secret }),
        );
        return andThen(answer, (admitted) => {
          if (admitted.headers) for (const name in admitted.headers) res.setHeader(name, admitted.headers[name] as string);
          if (admitted.identity) ctx.meta.identity = admitted.identity;
          const ifNoneMatch = req.headers["if-none-match"];
          if ((req.method === "GET" || req.method === "HEAD") && typeof ifNoneMatch === "string")
            ctx.meta.ifNoneMatch = ifNoneMatch.slice(0, 1024);
          ctx.meta.style = route.opts.style;
          return null;
        });
      },
    },
  };
}
