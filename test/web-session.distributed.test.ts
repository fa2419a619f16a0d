import { describeWebSession } from "./web-session.suite";

describeWebSession("distributed");
