import { describeWebhooksApi } from "./webhooks-api.suite";

describeWebhooksApi("embedded");
