import { describeOAuthApi } from "./oauth-api.suite";

describeOAuthApi("embedded");
