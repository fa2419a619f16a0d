import { describeLiveEventsApi } from "./live-events.suite";

describeLiveEventsApi("embedded");
