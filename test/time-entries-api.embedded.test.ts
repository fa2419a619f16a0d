import { describeTimeEntriesApi } from "./time-entries-api.suite";

describeTimeEntriesApi("embedded");
