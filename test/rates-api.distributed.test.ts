import { describeRatesApi } from "./rates-api.suite";

describeRatesApi("distributed");
