import { ServerSentEventParser } from "../src/server-sent-events";

describe("reading Server-Sent Events", () => {
  it("when messages come whole, then each gives its event, data and id, and comments give nothing", () => {
    const parser = new ServerSentEventParser();
    const chunk = parser.push('retry: 2000\n: connected\n\nid: evt_1\nevent: project.created\ndata: {"a":1}\n\n: heartbeat\n\n');
    expect(chunk.retryMs).toBe(2000);
    expect(chunk.messages).toEqual([{ event: "project.created", data: '{"a":1}', id: "evt_1" }]);
  });

  it("when a message is cut anywhere between chunks, CRLF and CR included, then it comes once, whole", () => {
    const text = "id: evt_2\r\nevent: time_entry.started\r\ndata: one\r\ndata: two\r\n\r\nevent: reset\rdata: {}\r\r";
    for (let cut = 1; cut < text.length; cut++) {
      const parser = new ServerSentEventParser();
      const messages = [...parser.push(text.slice(0, cut)).messages, ...parser.push(text.slice(cut)).messages];
      expect(messages).toEqual([
        { event: "time_entry.started", data: "one\ntwo", id: "evt_2" },
        // An id stays the last one given until another comes.
        { event: "reset", data: "{}", id: "evt_2" },
      ]);
    }
  });

  it("when a message has no data or a field it does not know, then it is not given, and a bad retry is ignored", () => {
    const parser = new ServerSentEventParser();
    const chunk = parser.push("event: lonely\n\nretry: soon\nfoo: bar\ndata\n\n");
    expect(chunk.retryMs).toBeUndefined();
    expect(chunk.messages).toEqual([{ event: "message", data: "", id: undefined }]);
  });
});
