import { describeMalformedRequests } from "./malformed-requests-api.suite";

describeMalformedRequests("distributed");
