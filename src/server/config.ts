import { isIP } from 'node:net';
import { z } from 'zod';

/** `10.0.0.1`, `::1`, `10.0.0.0/8`, `fd00::/8`. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const booleanish = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Unset → embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /**
   * `demo` seeds the demo community, but only into an empty database. Default: demo, except in
   * production (none); there `demo` also needs ALLOW_DEMO_SEED=true, so a forgotten variable
   * cannot put known passwords on a live server.
   */
  SEED: z.enum(['demo', 'none']).optional(),
  ALLOW_DEMO_SEED: booleanish.default(false),
  /** The public address of the app; its origin is allowed for state-changing requests. */
  PUBLIC_URL: z.url().optional(),
  /** Comma-separated extra origins allowed to make state-changing requests. */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which proxies' X-Forwarded-For entries to believe (every per-address limit uses the client address):
   * `false` none; `true` one hop, the nearest proxy (the client is the entry it appended, the last one);
   * a number that many hops; a comma-separated list those proxy addresses or CIDRs.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx): false | number | string[] => {
      const v = value.trim();
      if (v === 'false' || v === '0') return false;
      if (v === 'true') return 1;
      if (/^\d+$/.test(v)) return Number(v);
      const entries = v
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      const bad = entries.find((e) => !isAddressOrCidr(e));
      if (bad !== undefined || entries.length === 0) {
        ctx.addIssue({
          code: 'custom',
          message: `expected true, false, a hop count or proxy addresses/CIDRs (bad entry ${JSON.stringify(bad ?? v)})`,
        });
        return z.NEVER;
      }
      return entries;
    }),
  /** The demo 'Test Access' grant of Premium without payment. Default: on except in production. */
  TEST_SUBSCRIPTIONS: booleanish.optional(),
  /** Multiplies every per-user and per-IP request budget (tests raise it; keep 1 in production). */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** Password hashes computed at once; more wait in line (or get 503 when the line is full). */
  SCRYPT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Open sockets allowed per user (the oldest is closed with 4008), per client address, per instance. */
  SOCKETS_PER_USER: z.coerce.number().int().min(1).default(10),
  SOCKETS_PER_IP: z.coerce.number().int().min(1).default(100),
  SOCKETS_PER_INSTANCE: z.coerce.number().int().min(1).default(20_000),
  /** After SIGTERM: seconds /ready answers 503 while in-flight requests finish, before the process exits. */
  DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(5),
  /** The card processor: `demo` simulates Stripe's test cards in-process (no money moves); `stripe` is real. */
  PAYMENTS: z.enum(['demo', 'stripe']).default('demo'),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  /** Serve the built SPA from dist/web (off in API tests). */
  SERVE_WEB: booleanish.default(true),
  /** Run due background jobs in this process (off in tests, which run them with a moved clock). */
  JOBS_WORKER: booleanish.optional(),
  /** Where mail goes: `log` writes it to DATA_DIR/outbox; `smtp` sends it through SMTP_URL. */
  MAIL_PROVIDER: z.enum(['log', 'smtp']).default('log'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Steep <no-reply@steep.local>'),
  /** How often the job worker looks for due jobs. */
  JOBS_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /**
   * The secret that tags Tea stories with their author (an HMAC, never the id). Unset in embedded
   * mode: generated once into DATA_DIR. Required in production with DATABASE_URL, where every
   * instance must share it and it must live apart from the database.
   */
  TEA_AUTHOR_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** `log` records texts in the outbox and the log (number masked); `twilio` sends them. */
  SMS_PROVIDER: z.enum(['log', 'twilio']).default('log'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  /** The Twilio number texts come from, E.164. */
  TWILIO_FROM: z.string().optional(),
  /**
   * Countries (ISO 3166 alpha-2, comma-separated) whose numbers may get texts: verification codes to
   * far-away premium numbers are how SMS pumping makes money.
   */
  SMS_COUNTRIES: z
    .string()
    .default('US,CA')
    .transform((v) =>
      v
        .split(',')
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, 'expected ISO country codes like US,CA')).min(1)),
  /**
   * Web Push (VAPID, RFC 8292): the application server's P-256 key pair, base64url. Unset in embedded
   * mode: generated once into DATA_DIR. With DATABASE_URL and no keys, push is off (every instance must
   * share one pair, or subscriptions made through one would not work from another).
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key')
    .optional(),
  /** Who push services contact about this server: a mailto: or https: URL. Default: PUBLIC_URL or a mailto. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')
    .optional(),
  /**
   * The push services a subscription endpoint may point at (the server POSTs to it): host names, a
   * leading `*.` for subdomains. Default: Chrome/Android (FCM), Firefox (Mozilla), Safari (Apple), Edge/Windows (WNS).
   */
  PUSH_ALLOWED_HOSTS: z
    .string()
    .default('fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.notify.windows.com')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** Signs the one-click unsubscribe links in notification mail. Unset: generated once into DATA_DIR. */
  NOTIFICATION_LINK_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Where uploaded media lives: `disk` under DATA_DIR (one instance), or `s3`, one bucket every instance
   * shares (AWS S3, Cloudflare R2, MinIO, Garage).
   */
  MEDIA_STORE: z.enum(['disk', 's3']).default('disk'),
  /** The S3 API endpoint; unset → AWS S3 in S3_REGION. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  /** Unset → the SDK's own credential chain (instance role, AWS_* variables). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addressing (`endpoint/bucket/key`): MinIO, Garage and most self-hosted stores need it. */
  S3_FORCE_PATH_STYLE: booleanish.default(false),
  /** A CDN (or the bucket's public endpoint) serving the bucket's `public/` prefix; unset → the app serves photos. */
  MEDIA_PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
});

export type Config = Omit<z.infer<typeof envSchema>, 'SEED'> & {
  SEED: 'demo' | 'none';
  allowedOrigins: string[];
  allowTestSubscriptions: boolean;
  runJobs: boolean;
  twilio?: { accountSid: string; authToken: string; from: string };
};

export class ConfigError extends Error {}

/** Parses the environment once; an invalid value names its variable in one line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(
      `Invalid ${variable}: ${issue?.message ?? 'invalid value'} (got ${JSON.stringify(env[variable] ?? '')})`,
    );
  }
  const config = parsed.data;
  if (config.NODE_ENV === 'production' && config.DATABASE_URL && !config.TEA_AUTHOR_KEY) {
    throw new ConfigError(
      'Invalid TEA_AUTHOR_KEY: required in production with DATABASE_URL (every instance must share it; generate one with `openssl rand -hex 32`)',
    );
  }
  const allowedOrigins = [...config.ALLOWED_ORIGINS, ...(config.PUBLIC_URL ? [config.PUBLIC_URL] : [])].map(
    (url) => new URL(url).origin,
  );
  if (
    config.PAYMENTS === 'stripe' &&
    !(config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY && config.STRIPE_WEBHOOK_SECRET)
  ) {
    throw new ConfigError(
      'Invalid PAYMENTS: stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  const allowTestSubscriptions = config.TEST_SUBSCRIPTIONS ?? config.NODE_ENV !== 'production';
  const production = config.NODE_ENV === 'production';
  const SEED = config.SEED ?? (production ? 'none' : 'demo');
  if (production && SEED === 'demo' && !config.ALLOW_DEMO_SEED) {
    throw new ConfigError(
      'Invalid SEED: the demo community (with its known passwords) is not seeded in production; set ALLOW_DEMO_SEED=true to do it anyway (got "demo")',
    );
  }
  const runJobs = config.JOBS_WORKER ?? config.NODE_ENV !== 'test';
  if (config.MAIL_PROVIDER === 'smtp' && !config.SMTP_URL) {
    throw new ConfigError('Invalid SMTP_URL: MAIL_PROVIDER=smtp needs an smtp:// or smtps:// URL (got "")');
  }
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from } = config;
  if (config.SMS_PROVIDER === 'twilio' && !(accountSid && authToken && from)) {
    throw new ConfigError('Invalid SMS_PROVIDER: twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM');
  }
  if (config.MEDIA_STORE === 's3' && !config.S3_BUCKET) {
    throw new ConfigError('Invalid S3_BUCKET: MEDIA_STORE=s3 needs the bucket name (got "")');
  }
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid S3_SECRET_ACCESS_KEY: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together');
  }
  if (config.MEDIA_PUBLIC_BASE_URL && config.MEDIA_STORE !== 's3') {
    throw new ConfigError(
      `Invalid MEDIA_PUBLIC_BASE_URL: it serves the bucket's public/ prefix, so it needs MEDIA_STORE=s3 (got ${JSON.stringify(config.MEDIA_PUBLIC_BASE_URL)})`,
    );
  }
  const twilio = accountSid && authToken && from ? { accountSid, authToken, from } : undefined;
  return { ...config, SEED, allowedOrigins, allowTestSubscriptions, runJobs, ...(twilio && { twilio }) };
}
