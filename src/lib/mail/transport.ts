import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { DeliveryOutcome, QueuedMail } from '../store/types.ts';

export type Deliver = (mail: QueuedMail) => Promise<DeliveryOutcome>;

export interface TransportOptions {
  smtpUrl?: string;
  from: string;
  /** Where `.eml` files go when there is no SMTP server (DATA_DIR/mail). */
  mailDir: string;
}

/**
 * Delivers one queued message with nodemailer: over SMTP when SMTP_URL is set, else as an `.eml` file in
 * DATA_DIR/mail/ (the embedded default: `npm start` shows the whole journey without a mail server).
 * The Message-ID is the outbox id, the same on every attempt, so a receiver can drop the rare duplicate of a
 * message whose delivery succeeded just before a crash (see docs/mail.md).
 */
export function createDeliver({ smtpUrl, from, mailDir }: TransportOptions): { deliver: Deliver; close(): void } {
  const domain = from.match(/@([^>\s]+)/)?.[1] ?? 'localhost';
  const transport = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const deliver: Deliver = async (mail) => {
    const message = {
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      headers: mail.headers,
      messageId: `<${mail.id}@${domain}>`,
    };
    try {
      const info = await transport.sendMail(message);
      if (!smtpUrl) await writeEml(mailDir, mail.id, (info as unknown as { message: Buffer }).message);
      return { ok: true };
    } catch (err) {
      const code = (err as { responseCode?: number }).responseCode;
      // 5xx from the server: the message itself is refused (no such mailbox…); retrying will not help.
      return { ok: false, error: (err as Error).message, permanent: code !== undefined && code >= 500 };
    }
  };
  return { deliver, close: () => transport.close() };
}

/** Written under a temporary name and renamed, so a reader never sees half a file. */
async function writeEml(dir: string, id: string, message: Buffer) {
  const folder = resolve(dir);
  await mkdir(folder, { recursive: true });
  const file = join(folder, `${id}.eml`);
  await writeFile(`${file}.tmp`, message);
  await rename(`${file}.tmp`, file);
}
