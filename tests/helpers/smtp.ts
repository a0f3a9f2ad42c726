/**
 * A real SMTP server on loopback (the `smtp-server` package, the server half of nodemailer's project): it speaks
 * SMTP to our nodemailer transport and keeps every message it accepts, parsed. Not a mock of the mailer.
 * @example const smtp = await startSmtp(); … SMTP_URL: smtp.url … const mail = await smtp.waitFor((m) => m.to === 'ada@example.org');
 */
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { freePort } from './real-servers.ts';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  messageId: string;
  /** Header values by lower-case name, unfolded. */
  headers: Map<string, string>;
  raw: string;
}

export interface RunningSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

/** Starts the server on `port` (a free one if not given), so a test can bring it up where a sender already points. */
export async function startSmtp(port?: number): Promise<RunningSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed: ParsedMail = await simpleParser(raw);
        const headers = new Map(
          parsed.headerLines.map((h) => [
            h.key,
            h.line
              .slice(h.line.indexOf(':') + 1)
              .replace(/\r?\n\s+/g, ' ')
              .trim(),
          ]),
        );
        const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
        received.push({
          to: to ?? '',
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          messageId: parsed.messageId ?? '',
          headers,
          raw,
        });
        callback();
      });
    },
  });
  const listenOn = port ?? (await freePort());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenOn, '127.0.0.1', () => resolve());
  });
  return {
    port: listenOn,
    url: `smtp://127.0.0.1:${listenOn}`,
    received,
    async waitFor(match, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(
            `no matching mail within ${timeoutMs} ms; received: ${received.map((m) => `${m.to} "${m.subject}"`).join(', ') || 'none'}`,
          );
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a message's text that starts with `prefix`. */
export const linkIn = (mail: ReceivedMail, prefix: string) => {
  const url = mail.text.split(/\s+/).find((w) => w.startsWith(prefix));
  if (!url) throw new Error(`no link starting ${prefix} in:\n${mail.text}`);
  return url;
};
