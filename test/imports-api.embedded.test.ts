import { describeImportsApi } from "./imports-api.suite";

describeImportsApi("embedded");
