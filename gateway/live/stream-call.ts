import type { ServerResponse } from "node:http";
import type { Context, ServiceBroker } from "moleculer";
import type { IncomingRequest } from "moleculer-web";
import { eventsClient } from "../../services/events/client";
import type { RequestMeta } from "../../shared/context";
import type { Identity } from "../../shared/identity";
import type { StreamPlan } from "../../shared/live/plan";
import { idOf } from "../../shared/validation";
import { retryingOnce } from "../retry-once";
import type { ApiStyle } from "../styles";
import type { LiveStreams } from "./live-streams";

type RoutedRequest = IncomingRequest & { $params: { query?: Record<string, unknown> } };

/**
 * moleculer-web's call of an action whose answer is a live stream: the action (the events
 * service's `stream`) answers with a plan, and the gateway, instead of sending it, opens
 * the stream it describes and keeps it open. A refusal before that (no permission, a bad
 * `Last-Event-ID`, too many streams) is an error in the caller's style as for any call.
 */
export async function callStreamAction(
  broker: ServiceBroker,
  streams: LiveStreams,
  req: IncomingRequest,
  res: ServerResponse,
  style: ApiStyle,
  identifyAgain: () => Promise<Identity>,
): Promise<true> {
  const ctx = req.$ctx as Context<unknown, RequestMeta>;
  const routed = req as RoutedRequest;
  // EventSource sends the last id it saw as a header on every reconnection; it wins over the query.
  // It never sends an empty one: an empty header is checked like any other id, and refused.
  // A query id that is no event id is refused all the same: the action is left to see it.
  const lastEventId = req.headers["last-event-id"];
  const fromQuery = routed.$params.query?.last_event_id;
  if (typeof lastEventId === "string" && (fromQuery === undefined || idOf("event").safeParse(fromQuery).success))
    routed.$params.query = { ...routed.$params.query, last_event_id: lastEventId };
  const plan = (await retryingOnce(broker, req, res, () => ctx.call(req.$endpoint as never, routed.$params))) as StreamPlan;
  const identity = ctx.meta.identity;
  if (!identity) throw new Error("a stream was planned for nobody: the route authenticates every caller");
  const events = eventsClient.over(ctx);
  streams.serve({
    plan,
    res,
    style,
    identity,
    readBack: (after) => events.readAfter({ view: plan.view, after }),
    identifyAgain,
  });
  return true;
}
