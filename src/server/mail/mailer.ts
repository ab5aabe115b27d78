/**
 * Outgoing mail through nodemailer: SMTP when `SMTP_URL` is set, otherwise a local outbox
 * table that demo mode exposes at `GET /api/dev/outbox` and `/dev/mailbox`.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/index.js';
import type { Clock } from '../clock.js';
import { newId } from '../domain/ids.js';

/** A plain-text message. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail; resolves once the transport accepted it. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Builds the mailer for the configuration.
 * @param smtpUrl nodemailer SMTP URL (`smtp://user:pass@host:587`), or null for the outbox.
 */
export function createMailer(db: Db, clock: Clock, smtpUrl: string | null, from: string): Mailer {
  if (smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
    };
  }
  // The JSON transport builds the message exactly as SMTP would (address parsing included)
  // without a network; we keep the result in the outbox table.
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
      await db
        .insertInto('mail_outbox')
        .values({ id: newId(), to_address: message.to, subject: message.subject, text: message.text, transport: 'outbox', sent_at: clock.now() })
        .execute();
    },
  };
}
