import { describeAuthApi } from "./auth-api.suite";

describeAuthApi("embedded");
