import { describeReportsApi } from "./reports-api.suite";

describeReportsApi("distributed");
