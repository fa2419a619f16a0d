import type { Transporter } from "nodemailer";

/** What a message needs to leave: the rest of it stays in the store. */
export interface Envelope {
  id: string;
  to: string;
  subject: string;
  text: string;
}

/** An attempt the SMTP server did not take; `permanent` when it said no for good (a 5xx answer). */
export class SendFailure extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = "SendFailure";
  }
}

/** Hands messages to the SMTP server; a rejected promise is a `SendFailure`. */
export interface MailTransport {
  send(envelope: Envelope): Promise<void>;
  close(): void;
}

/** How long each step of a conversation with the SMTP server may take; the worker's lease outlasts them all. */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/** The domain of the sender's address, for `Message-ID`s. */
function domainOf(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf("@") + 1).trim() || "stint.invalid";
}

/** What nodemailer's errors carry: its own code (`EENVELOPE`...) and the SMTP reply's, when there was a reply. */
interface SmtpError {
  code?: unknown;
  responseCode?: unknown;
}

/**
 * Whether the server turned this message down for good: a 5xx reply to its recipient or its
 * content. A 5xx to the login (wrong credentials in `SMTP_URL`) is the deployment's to mend:
 * the message waits and is retried.
 */
function refusedForGood(error: SmtpError): boolean {
  return typeof error.responseCode === "number" && error.responseCode >= 500 && (error.code === "EENVELOPE" || error.code === "EMESSAGE");
}

/**
 * The SMTP server of `SMTP_URL` through nodemailer, one connection per message. The message's
 * id is its `Message-ID`, so that a message sent twice (its worker died after the server took
 * it, before that was recorded) is the same message to the recipient's mail program.
 */
export function smtpTransport(url: string, from: string): MailTransport {
  // nodemailer is loaded with the first message, not at start: most processes never send one
  // (docs/design.md, "Memory at rest").
  let opened: Promise<Transporter> | undefined;
  const open = () => (opened ??= import("nodemailer").then(({ createTransport }) => createTransport({ url, ...SMTP_TIMEOUTS }, { from })));
  const domain = domainOf(from);
  return {
    async send(envelope) {
      const transporter = await open();
      try {
        await transporter.sendMail({
          to: envelope.to,
          subject: envelope.subject,
          text: envelope.text,
          messageId: `<${envelope.id}@${domain}>`,
        });
      } catch (failure) {
        const error = (failure ?? {}) as SmtpError;
        // Only the kind of failure and the reply's code: the server's words may name its host or the account.
        const kind = typeof error.code === "string" ? error.code : "error";
        const reason = typeof error.responseCode === "number" ? `${kind}: SMTP ${error.responseCode}` : kind;
        throw new SendFailure(reason, refusedForGood(error));
      }
    },
    close() {
      // Nothing to close when no message was sent, or when the library could not be loaded.
      void opened?.then(
        (transporter) => transporter.close(),
        () => undefined,
      );
    },
  };
}
