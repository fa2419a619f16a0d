import { describeScreenshotsApi } from "./screenshots-api.suite";

describeScreenshotsApi("embedded");
