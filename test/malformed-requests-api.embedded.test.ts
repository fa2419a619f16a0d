import { describeMalformedRequests } from "./malformed-requests-api.suite";

describeMalformedRequests("embedded");
