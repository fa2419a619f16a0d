import { mongoUrlWithDatabase, serverUrl } from "./servers";

describe("mongoUrlWithDatabase", () => {
  it.each([
    ["mongodb://127.0.0.1:27017", "mongodb://127.0.0.1:27017/stint_t"],
    ["mongodb://127.0.0.1:27017/", "mongodb://127.0.0.1:27017/stint_t"],
    ["mongodb://127.0.0.1:27017/other", "mongodb://127.0.0.1:27017/stint_t"],
    [
      "mongodb://u:p%2Fw@h1:1,h2:2/other?replicaSet=rs&authSource=admin",
      "mongodb://u:p%2Fw@h1:1,h2:2/stint_t?replicaSet=rs&authSource=admin",
    ],
    ["mongodb://h:1/?tls=true", "mongodb://h:1/stint_t?tls=true"],
    ["mongodb://h:1?tls=true", "mongodb://h:1/stint_t?tls=true"],
    ["mongodb+srv://cluster.example.net/app?retryWrites=true", "mongodb+srv://cluster.example.net/stint_t?retryWrites=true"],
  ])("puts the database into %s", (url, expected) => {
    expect(mongoUrlWithDatabase(url, "stint_t")).toBe(expected);
  });

  it("refuses what is not a connection string or not a database name", () => {
    expect(() => mongoUrlWithDatabase("127.0.0.1:27017", "db")).toThrow(/scheme/);
    expect(() => mongoUrlWithDatabase("mongodb://h", "a/b")).toThrow(/database name/);
    expect(() => mongoUrlWithDatabase("mongodb://h", "")).toThrow(/database name/);
  });
});

describe("serverUrl", () => {
  const saved = process.env.NATS_URL;
  afterEach(() => {
    if (saved === undefined) delete process.env.NATS_URL;
    else process.env.NATS_URL = saved;
  });

  it("reads the server's variable and treats an empty one as unset", () => {
    process.env.NATS_URL = "nats://127.0.0.1:4222";
    expect(serverUrl("nats")).toBe("nats://127.0.0.1:4222");
    process.env.NATS_URL = "";
    expect(serverUrl("nats")).toBeUndefined();
  });
});
