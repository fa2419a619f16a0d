import { describeMalformedRequests } from "./malformed-requests-api.suite";
import { startEmbedded } from "./support/stint";

describeMalformedRequests("malformed requests, embedded mode", () => startEmbedded());
