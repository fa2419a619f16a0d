import { describeScreenshotsApi } from "./screenshots-api.suite";

describeScreenshotsApi("distributed");
