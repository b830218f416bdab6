import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('needs no environment at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './.data',
      SEED: 'demo',
      NODE_ENV: 'development',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.allowedOrigins).toEqual([]);
  });

  it('TRUST_PROXY: true is one hop, a number that many, a list those proxies; anything else is refused', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'fd00::/8',
    ]);
    for (const bad of ['yes', '10.0.0.0/33', 'proxy.local', '10.0.0.1/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/Invalid TRUST_PROXY/);
    }
  });

  it('SMS_COUNTRIES: US and CA by default, a comma-separated list of ISO codes otherwise', () => {
    expect(loadConfig({}).SMS_COUNTRIES).toEqual(['US', 'CA']);
    expect(loadConfig({ SMS_COUNTRIES: 'us, gb' }).SMS_COUNTRIES).toEqual(['US', 'GB']);
    expect(() => loadConfig({ SMS_COUNTRIES: 'USA' })).toThrow(/Invalid SMS_COUNTRIES/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['SEED', 'everything'],
    ['DATABASE_URL', 'mysql://localhost/steep'],
    ['REDIS_URL', 'not a url'],
    ['ALLOWED_ORIGINS', 'https://ok.example, nope'],
    ['NODE_ENV', 'staging'],
  ])('stops on an invalid %s with one line naming it', (variable, value) => {
    let error: unknown;
    try {
      loadConfig({ [variable]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(new RegExp(`^Invalid ${variable}: `));
    expect((error as Error).message).not.toContain('\n');
  });

  it('allows the free test subscription grant except in production, unless set explicitly', () => {
    expect(loadConfig({}).allowTestSubscriptions).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).allowTestSubscriptions).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', TEST_SUBSCRIPTIONS: 'true' }).allowTestSubscriptions).toBe(true);
  });

  it('seeds nothing by default in production and refuses the demo seed there unless explicitly allowed', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).SEED).toBe('none');
    expect(() => loadConfig({ NODE_ENV: 'production', SEED: 'demo' })).toThrow(/^Invalid SEED: .*ALLOW_DEMO_SEED=true/);
    expect(loadConfig({ NODE_ENV: 'production', SEED: 'demo', ALLOW_DEMO_SEED: 'true' }).SEED).toBe('demo');
    expect(loadConfig({ NODE_ENV: 'development' }).SEED).toBe('demo');
  });

  it('allows the PUBLIC_URL origin and extra origins', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://steep.example/app',
      ALLOWED_ORIGINS: 'https://a.example,https://b.example',
    });
    expect(config.allowedOrigins).toEqual(['https://a.example', 'https://b.example', 'https://steep.example']);
  });

  it('takes a Tea author key of at least 32 characters, and needs one in production on PostgreSQL', () => {
    expect(loadConfig({}).TEA_AUTHOR_KEY).toBeUndefined();
    const key = 'k'.repeat(32);
    expect(loadConfig({ TEA_AUTHOR_KEY: key }).TEA_AUTHOR_KEY).toBe(key);
    expect(() => loadConfig({ TEA_AUTHOR_KEY: 'short' })).toThrow(/^Invalid TEA_AUTHOR_KEY: /);
    const postgres = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/steep' };
    expect(() => loadConfig(postgres)).toThrow(/^Invalid TEA_AUTHOR_KEY: required in production/);
    expect(loadConfig({ ...postgres, TEA_AUTHOR_KEY: key }).TEA_AUTHOR_KEY).toBe(key);
    // Embedded production and development with PostgreSQL generate one into DATA_DIR instead.
    expect(() => loadConfig({ NODE_ENV: 'production' })).not.toThrow();
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/steep' })).not.toThrow();
  });
});

describe('media store settings', () => {
  it('defaults to the disk store', () => {
    expect(loadConfig({}).MEDIA_STORE).toBe('disk');
  });

  it.each([
    [{ MEDIA_STORE: 's3' }, /^Invalid S3_BUCKET: MEDIA_STORE=s3 needs the bucket name/],
    [{ MEDIA_STORE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'id' }, /^Invalid S3_SECRET_ACCESS_KEY: /],
    [{ MEDIA_PUBLIC_BASE_URL: 'https://cdn.example' }, /^Invalid MEDIA_PUBLIC_BASE_URL: .*MEDIA_STORE=s3/],
    [{ MEDIA_STORE: 'ftp' }, /^Invalid MEDIA_STORE: /],
    [{ MEDIA_STORE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'not a url' }, /^Invalid S3_ENDPOINT: /],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('accepts a complete S3 setting', () => {
    const config = loadConfig({
      MEDIA_STORE: 's3',
      S3_BUCKET: 'steep-media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      MEDIA_PUBLIC_BASE_URL: 'https://cdn.example',
    });
    expect(config).toMatchObject({ MEDIA_STORE: 's3', S3_FORCE_PATH_STYLE: true, S3_REGION: 'us-east-1' });
  });
});
