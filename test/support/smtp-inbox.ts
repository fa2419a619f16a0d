import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One message as the SMTP server received it. */
export interface ReceivedMail {
  /** The envelope's recipients (`RCPT TO`). */
  to: string[];
  /** The envelope's sender (`MAIL FROM`). */
  from: string;
  /** The user the client logged in as. */
  user: string | undefined;
  subject: string;
  messageId: string;
  /** The plain-text body, decoded. */
  text: string;
}

/** The body of a single-part message, decoded from quoted-printable or base64 as its header says. */
function bodyOf(raw: string): { headers: Map<string, string>; text: string } {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const headers = new Map<string, string>();
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const body = raw.slice(split + 4);
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  let text = body;
  if (encoding === "quoted-printable") {
    const bytes = body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    text = Buffer.from(bytes, "latin1").toString("utf8");
  } else if (encoding === "base64") {
    text = Buffer.from(body, "base64").toString("utf8");
  }
  return { headers, text: text.replace(/\r\n/g, "\n") };
}

/** `=?UTF-8?Q?...?=` and `=?UTF-8?B?...?=` words of a header, decoded. */
function decodedHeader(value: string): string {
  return value.replace(/\?=\s+=\?/g, "?==?").replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, word: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(word, "base64").toString("utf8")
      : Buffer.from(
          word.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that asks for a login and
 * keeps what it is sent. `refuse` turns recipients down with a 550, as a server does for a
 * mailbox it does not know.
 */
export class SmtpInbox {
  readonly messages: ReceivedMail[] = [];
  readonly refuse = new Set<string>();
  private readonly server: SMTPServer;

  private constructor(
    readonly user: string,
    readonly password: string,
  ) {
    this.server = new SMTPServer({
      authMethods: ["PLAIN", "LOGIN"],
      allowInsecureAuth: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onAuth: (auth, _session, callback) => {
        if (auth.username === this.user && auth.password === this.password) callback(null, { user: auth.username });
        else callback(new Error("Invalid username or password"));
      },
      onRcptTo: (address, _session, callback) => {
        if (this.refuse.has(address.address)) {
          const refusal = Object.assign(new Error("No such mailbox"), { responseCode: 550 });
          callback(refusal);
        } else callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const { headers, text } = bodyOf(Buffer.concat(chunks).toString("latin1"));
          this.messages.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            user: typeof session.user === "string" ? session.user : undefined,
            subject: decodedHeader(headers.get("subject") ?? ""),
            messageId: headers.get("message-id") ?? "",
            text,
          });
          callback();
        });
      },
    });
  }

  static async start(user = "stint", password = "smtp-password"): Promise<SmtpInbox> {
    const inbox = new SmtpInbox(user, password);
    await new Promise<void>((resolve, reject) => {
      inbox.server.once("error", reject);
      inbox.server.listen(0, "127.0.0.1", () => resolve());
    });
    return inbox;
  }

  /** The `SMTP_URL` that reaches this server with its login. */
  get url(): string {
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://${this.user}:${this.password}@127.0.0.1:${port}`;
  }

  /** Messages to `address` (of `subject`, when given), in arrival order. */
  to(address: string, subject?: string): ReceivedMail[] {
    return this.messages.filter((message) => message.to.includes(address) && (subject === undefined || message.subject === subject));
  }

  /** Waits until `count` messages to `address` (of `subject`, when given) have arrived; fails after 30 seconds. */
  async waitFor(address: string, count = 1, subject?: string): Promise<ReceivedMail[]> {
    const deadline = Date.now() + 30_000;
    while (this.to(address, subject).length < count) {
      if (Date.now() > deadline)
        throw new Error(`${count} message(s) to ${address} did not arrive; got ${this.to(address, subject).length}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return this.to(address, subject);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The one-time token of a message's link (`...#token=...`). */
export function tokenInLink(text: string, path: string): string {
  const match = new RegExp(`${path.replace(/[/]/g, "\\/")}#token=([^\\s]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in the message:\n${text}`);
  return decodeURIComponent(match[1]);
}
