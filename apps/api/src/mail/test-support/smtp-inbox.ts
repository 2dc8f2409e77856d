/**
 * A real SMTP server for tests (smtp-server, on a free port of 127.0.0.1): the API sends to it
 * as to any mail server, and tests read what arrived, parsed by mailparser.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface ReceivedMail {
  /** The envelope's recipients, as the server was told them. */
  recipients: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Map<string, unknown>;
  raw: string;
}

export class SmtpInbox {
  readonly messages: ReceivedMail[] = [];
  private readonly waiters = new Set<() => void>();

  private constructor(private readonly server: SMTPServer, readonly url: string) {}

  static async start(): Promise<SmtpInbox> {
    // The server's handler needs the inbox, which needs the server's port: the handler finds it here.
    const holder: { inbox?: SmtpInbox } = {};
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          simpleParser(raw).then((parsed) => {
            holder.inbox!.receive({
              recipients: session.envelope.rcptTo.map((address) => address.address),
              from: parsed.from?.text ?? '',
              to: [parsed.to ?? []].flat().map((address) => address.text).join(', '),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              headers: parsed.headers,
              raw: raw.toString('utf8'),
            });
            callback();
          }, callback);
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    holder.inbox = new SmtpInbox(server, `smtp://127.0.0.1:${port}`);
    return holder.inbox;
  }

  private receive(mail: ReceivedMail): void {
    this.messages.push(mail);
    for (const wake of this.waiters) wake();
  }

  /** The messages sent to this address so far. */
  to(address: string): ReceivedMail[] {
    return this.messages.filter((mail) => mail.recipients.some((recipient) => recipient.toLowerCase() === address.toLowerCase()));
  }

  /** Waits for the `count`-th message to this address (1: the first), or fails after the timeout. */
  async waitFor(address: string, count = 1, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const received = this.to(address);
      if (received.length >= count) return received[count - 1]!;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no e-mail #${count} to ${address} within ${timeoutMs} ms (${received.length} arrived)`);
      await new Promise<void>((resolve) => {
        const wake = () => { this.waiters.delete(wake); clearTimeout(timer); resolve(); };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The first link of a message's text that starts with `prefix`. */
export function linkIn(mail: { text: string }, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return link;
}
