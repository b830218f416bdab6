import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createRequire } from 'node:module';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { JobQueue } from '../jobs';

/** One email. Plain text: every mail Steep sends is a short notice with a code or a link. */
interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** The mail provider interface (MAIL_PROVIDER): `log` writes to the outbox, `smtp` sends with nodemailer. */
interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * The embedded default: each mail is a file in DATA_DIR/outbox, so a developer can open the reset link.
 * The log line names the file only: an address or a token in a log would be a leak.
 */
function outboxMailer(outboxDir: string, log: FastifyBaseLogger, from: string): Mailer {
  let sequence = 0;
  return {
    async send(message) {
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${Date.now()}-${process.pid}-${++sequence}.eml`);
      const body = `From: ${from}\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`;
      await writeFile(file, body, { mode: 0o600 });
      log.info({ file }, 'mail written to the outbox');
    },
  };
}

/** SMTP through nodemailer; SMTP_URL like smtps://user:pass@smtp.example.com:465. */
function smtpMailer(transport: Pick<Transporter, 'sendMail'>, from: string): Mailer {
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}

export function createMailer(
  config: { MAIL_PROVIDER: 'log' | 'smtp'; SMTP_URL?: string | undefined; MAIL_FROM: string; DATA_DIR: string },
  log: FastifyBaseLogger,
): Mailer {
  if (config.MAIL_PROVIDER === 'smtp') {
    if (!config.SMTP_URL) throw new Error('MAIL_PROVIDER=smtp needs SMTP_URL');
    // Loaded only for SMTP: the log provider (the default) never needs it, and start-up stays short.
    const sdk = createRequire(import.meta.url)('nodemailer') as typeof nodemailer;
    return smtpMailer(sdk.createTransport(config.SMTP_URL), config.MAIL_FROM);
  }
  return outboxMailer(path.resolve(config.DATA_DIR, 'outbox'), log, config.MAIL_FROM);
}

export const MAIL_JOB = 'mail.send';

/** Mail goes out through the durable job queue: a provider outage retries instead of losing the mail. */
export function mailJobs(jobs: JobQueue, mailer: Mailer) {
  jobs.handle(MAIL_JOB, async (payload) => {
    const { to, subject, text } = payload as unknown as MailMessage;
    await mailer.send({ to, subject, text });
  });
  return queuedMail(jobs);
}

/**
 * Queues mail for the handler `mailJobs` registered (once per process): for features that send mail
 * but do not own the provider.
 */
export function queuedMail(jobs: JobQueue) {
  return {
    /** Queued with the caller's transaction when given, so a rolled-back change sends nothing. */
    send: (message: MailMessage, tx?: Parameters<JobQueue['enqueue']>[3]) =>
      jobs.enqueue(MAIL_JOB, { ...message }, { maxAttempts: 8 }, tx),
  };
}
export type MailOutbox = ReturnType<typeof queuedMail>;
