import { createRequire } from 'node:module';
import type twilio from 'twilio';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';

/** One interface for every SMS provider: `SMS_PROVIDER=log` (default) or `twilio`. */
export interface SmsProvider {
  readonly name: 'log' | 'twilio';
  /** Resolves with the provider's message id; throws when the provider refused (the job queue retries). */
  send(to: string, body: string): Promise<string | null>;
  /** Whether an inbound webhook request really comes from the provider (Twilio's X-Twilio-Signature). */
  verifyWebhook?(signature: string, url: string, params: Record<string, string>): boolean;
}

/** '+15035550123' → '•••• 0123': logs, the outbox and API answers never carry the full number. */
export const maskPhone = (e164: string) => `•••• ${e164.slice(-4)}`;

/** Records nothing but a log line (the caller records the outbox row): the embedded default. */
function logSmsProvider(log: FastifyBaseLogger): SmsProvider {
  return {
    name: 'log',
    async send(to, body) {
      log.info({ to: maskPhone(to), body }, 'sms: sent (log provider)');
      return null;
    },
  };
}

function twilioSmsProvider(options: { accountSid: string; authToken: string; from: string }): SmsProvider {
  // Loaded only when Twilio is configured: the SDK would add to every start-up.
  const sdk = createRequire(import.meta.url)('twilio') as typeof twilio;
  const client = sdk(options.accountSid, options.authToken);
  return {
    name: 'twilio',
    async send(to, body) {
      const message = await client.messages.create({ to, from: options.from, body });
      return message.sid;
    },
    verifyWebhook: (signature, url, params) => sdk.validateRequest(options.authToken, signature, url, params),
  };
}

export function smsProviderFrom(config: Config, log: FastifyBaseLogger): SmsProvider {
  if (config.SMS_PROVIDER === 'twilio' && config.twilio) return twilioSmsProvider(config.twilio);
  return logSmsProvider(log);
}
