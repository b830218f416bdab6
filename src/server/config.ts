import { z } from 'zod';

const booleanish = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Unset → embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** `demo` seeds the demo community, but only into an empty database. */
  SEED: z.enum(['demo', 'none']).default('demo'),
  /** The public address of the app; its origin is allowed for state-changing requests. */
  PUBLIC_URL: z.url().optional(),
  /** Comma-separated extra origins allowed to make state-changing requests. */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((o) => o.trim()).filter(Boolean))
    .pipe(z.array(z.url())),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (login throttling uses it). */
  TRUST_PROXY: booleanish.default(false),
  /** The demo 'Test Access' grant of Premium without payment. Default: on except in production. */
  TEST_SUBSCRIPTIONS: booleanish.optional(),
  /** Serve the built SPA from dist/web (off in API tests). */
  SERVE_WEB: booleanish.default(true),
});

export type Config = z.infer<typeof envSchema> & { allowedOrigins: string[]; allowTestSubscriptions: boolean };

export class ConfigError extends Error {}

/** Parses the environment once; an invalid value names its variable in one line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid ${variable}: ${issue?.message ?? 'invalid value'} (got ${JSON.stringify(env[variable] ?? '')})`);
  }
  const config = parsed.data;
  const allowedOrigins = [...config.ALLOWED_ORIGINS, ...(config.PUBLIC_URL ? [config.PUBLIC_URL] : [])].map(
    (url) => new URL(url).origin,
  );
  const allowTestSubscriptions = config.TEST_SUBSCRIPTIONS ?? config.NODE_ENV !== 'production';
  return { ...config, allowedOrigins, allowTestSubscriptions };
}
