import { describeLiveEventsApi } from "./live-events.suite";
import { startEmbedded } from "./support/stint";

describeLiveEventsApi("live event streams, embedded mode (one process, the event log in the embedded store)", (env) => startEmbedded(env));
