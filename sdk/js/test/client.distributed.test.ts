import { describeClient } from "./client.suite";

describeClient("distributed");
