import { describeProjectsApi } from "./projects-api.suite";

describeProjectsApi("embedded");
