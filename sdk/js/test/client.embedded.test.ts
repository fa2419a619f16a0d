import { describeClient } from "./client.suite";

describeClient("embedded");
