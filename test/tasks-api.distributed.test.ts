import { describeTasksApi } from "./tasks-api.suite";

describeTasksApi("distributed");
