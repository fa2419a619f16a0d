import { describeEmailApi } from "./email-api.suite";

describeEmailApi("distributed");
