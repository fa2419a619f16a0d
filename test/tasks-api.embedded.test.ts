import { describeTasksApi } from "./tasks-api.suite";

describeTasksApi("embedded");
