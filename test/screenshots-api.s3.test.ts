import { randomBytes } from "node:crypto";
import { CreateBucketCommand } from "@aws-sdk/client-s3";
import { s3Client } from "../shared/blob/s3";
import { describeScreenshotsApi } from "./screenshots-api.suite";
import { describeWithServers, serverUrl } from "./support/servers";

describeWithServers(["s3"], "screenshots API with an S3-compatible store", () => {
  const settings = {
    bucket: `stint-screenshots-${randomBytes(4).toString("hex")}`,
    endpoint: serverUrl("s3") as string,
    region: "us-east-1",
    accessKeyId: process.env.S3_TEST_ACCESS_KEY_ID ?? "",
    secretAccessKey: process.env.S3_TEST_SECRET_ACCESS_KEY ?? "",
    forcePathStyle: true,
  };
  describeScreenshotsApi("embedded", {
    where: "a bucket of S3_TEST_ENDPOINT (MinIO in CI)",
    env: {
      S3_BUCKET: settings.bucket,
      S3_ENDPOINT: settings.endpoint,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    async prepare() {
      const s3 = s3Client(settings);
      await s3.send(new CreateBucketCommand({ Bucket: settings.bucket }));
      s3.destroy();
    },
  });
});
