/**
 * The Server-Sent Events format as the HTML standard reads it: lines end with CRLF, LF or
 * CR; a blank line ends a message; `event`, `data` (lines joined with LF), `id` and `retry`
 * are its fields, and a line starting with `:` is a comment.
 */

/** One message: its type (`message` when it named none), its data, and the id it carried, if any. */
export interface ServerSentMessage {
  event: string;
  data: string;
  id: string | undefined;
}

/** What a chunk of the stream held: whole messages, a new reconnection delay, and whether anything came at all. */
export interface ParsedChunk {
  messages: ServerSentMessage[];
  retryMs: number | undefined;
}

/** Reads a stream's text chunk by chunk; a line or message cut between chunks waits for the rest. */
export class ServerSentEventParser {
  private buffer = "";
  private event = "";
  private data: string[] = [];
  private id: string | undefined;
  private sawCarriageReturn = false;

  /** The messages that the text completes. */
  push(text: string): ParsedChunk {
    const chunk: ParsedChunk = { messages: [], retryMs: undefined };
    let input = text;
    // A CRLF cut between two chunks: the LF belongs to the line already ended.
    if (this.sawCarriageReturn && input.startsWith("\n")) input = input.slice(1);
    this.sawCarriageReturn = false;
    this.buffer += input;
    for (;;) {
      const end = this.buffer.search(/\r\n|\r|\n/);
      if (end < 0) break;
      const separator = this.buffer.startsWith("\r\n", end) ? 2 : 1;
      // A lone CR at the very end may be the first half of a CRLF.
      if (separator === 1 && this.buffer[end] === "\r" && end === this.buffer.length - 1) this.sawCarriageReturn = true;
      const line = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + separator);
      this.line(line, chunk);
    }
    return chunk;
  }

  private line(line: string, chunk: ParsedChunk): void {
    if (line === "") {
      if (this.data.length > 0) chunk.messages.push({ event: this.event || "message", data: this.data.join("\n"), id: this.id });
      this.event = "";
      this.data = [];
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") this.event = value;
    else if (field === "data") this.data.push(value);
    else if (field === "id" && !value.includes("\0")) this.id = value;
    else if (field === "retry" && /^\d+$/.test(value)) chunk.retryMs = Number(value);
  }
}
