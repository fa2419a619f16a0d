import { CreateBucketCommand, S3ServiceException } from "@aws-sdk/client-s3";
import { describeWithServers, serverUrl } from "../../test/support/servers";
import { describeBlobContract } from "./blob.suite";
import { openBlobStore } from "./open";
import { openS3BlobStore, s3Client, type S3Settings } from "./s3";

/** The S3-compatible store of `S3_TEST_ENDPOINT` (MinIO in CI); its bucket is made when missing. */
function settings(): S3Settings {
  return {
    bucket: process.env.S3_TEST_BUCKET || "stint-test",
    endpoint: serverUrl("s3"),
    region: process.env.S3_TEST_REGION || "us-east-1",
    accessKeyId: process.env.S3_TEST_ACCESS_KEY_ID,
    secretAccessKey: process.env.S3_TEST_SECRET_ACCESS_KEY,
    forcePathStyle: true,
  };
}

describeWithServers(["s3"], "S3 blob store", () => {
  beforeAll(async () => {
    const client = s3Client(settings());
    try {
      await client.send(new CreateBucketCommand({ Bucket: settings().bucket }));
    } catch (error) {
      if (!(error instanceof S3ServiceException && /BucketAlreadyOwnedByYou|BucketAlreadyExists/.test(error.name))) throw error;
    } finally {
      client.destroy();
    }
  });

  describeBlobContract("S3 (MinIO in CI)", () => openS3BlobStore(settings()));

  it("is what openBlobStore picks when a bucket is named, even beside MongoDB", async () => {
    const store = await openBlobStore({ s3: settings(), mongoUrl: "mongodb://127.0.0.1:1/unused", dataDir: "unused" });
    expect(store.kind).toBe("s3");
    await store.close();
  });

  it("refuses to open on a bucket that does not exist, naming it", async () => {
    await expect(openS3BlobStore({ ...settings(), bucket: "stint-no-such-bucket" })).rejects.toThrow(/stint-no-such-bucket/);
  });
});
