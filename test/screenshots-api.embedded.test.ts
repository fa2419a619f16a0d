import { describeScreenshotsApi } from "./screenshots-api.suite";
import { startEmbedded } from "./support/stint";

describeScreenshotsApi("screenshots API, embedded mode (one process, embedded store, blobs under DATA_DIR)", () =>
  startEmbedded({ WEBHOOK_ALLOW_PRIVATE_URLS: "true" }),
);
