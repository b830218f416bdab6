import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('needs no environment at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', DATA_DIR: './.data', SEED: 'demo', NODE_ENV: 'development' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.allowedOrigins).toEqual([]);
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

  it('allows the PUBLIC_URL origin and extra origins', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://steep.example/app', ALLOWED_ORIGINS: 'https://a.example,https://b.example' });
    expect(config.allowedOrigins).toEqual(['https://a.example', 'https://b.example', 'https://steep.example']);
  });
});
