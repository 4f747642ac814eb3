import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, siteBuildSettings } from '../../src/server/config.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'casino-config-'));

describe('configuration', () => {
  it('starts with sensible defaults: port 4321, PGlite in ./data', () => {
    const dir = tmp();
    const config = loadConfig({}, dir);
    expect(config.port).toBe(4321);
    expect(config.database).toEqual({ kind: 'pglite', dir: join(dir, 'data', 'pglite') });
    expect(config.seedDemo).toBe(true);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h/db', DATABASE_POOL_SIZE: '4' }, tmp());
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@h/db', poolSize: 4 });
  });

  it('names the variable and what is wanted when a value is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, tmp())).toThrow(/PORT: expected a port number \(got "eighty"\)/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' }, tmp())).toThrow(/DATABASE_URL: expected a postgres:\/\//);
    expect(() => loadConfig({ NODE_ENV: 'staging' }, tmp())).toThrow(ConfigError);
    expect(() => loadConfig({ ABANDONED_HAND_HOURS: '0' }, tmp())).toThrow(/ABANDONED_HAND_HOURS: expected 1 to 720 hours \(got "0"\)/);
    expect(() => loadConfig({ ABANDONED_HAND_HOURS: 'a day' }, tmp())).toThrow(/ABANDONED_HAND_HOURS: expected a number of hours/);
  });

  it('finishes abandoned hands after 24 hours unless told otherwise', () => {
    expect(loadConfig({}, tmp()).abandonedHandHours).toBe(24);
    expect(loadConfig({ ABANDONED_HAND_HOURS: '48' }, tmp()).abandonedHandHours).toBe(48);
  });

  it('takes a command’s log level default only when LOG_LEVEL is unset, and validates LOG_LEVEL', () => {
    expect(loadConfig({}, tmp()).logLevel).toBe('info');
    expect(loadConfig({}, tmp(), { logLevel: 'warn' }).logLevel).toBe('warn');
    expect(loadConfig({ NODE_ENV: 'test' }, tmp(), { logLevel: 'warn' }).logLevel).toBe('warn');
    expect(loadConfig({ LOG_LEVEL: 'debug' }, tmp(), { logLevel: 'warn' }).logLevel).toBe('debug');
    expect(() => loadConfig({ LOG_LEVEL: 'loud' }, tmp(), { logLevel: 'warn' })).toThrow(/LOG_LEVEL: expected a pino level/);
  });

  it('requires the secrets from the environment in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }, tmp())).toThrow(/JWT_SECRET: required when NODE_ENV=production/);
    const secret = 's'.repeat(40);
    expect(() => loadConfig({ NODE_ENV: 'production', SITE_URL: 'https://casino.example', JWT_SECRET: secret, WEBHOOK_SECRET: secret }, tmp())).toThrow(
      /PROVIDER_SECRETS_KEY: required when NODE_ENV=production/,
    );
    const config = loadConfig(
      { NODE_ENV: 'production', SITE_URL: 'https://casino.example', JWT_SECRET: secret, WEBHOOK_SECRET: secret, PROVIDER_SECRETS_KEY: secret },
      tmp(),
    );
    expect(config.jwtSecret).toBe(secret);
    expect(config.providerSecretsKey).toBe(secret);
    expect(config.seedDemo).toBe(false);
  });

  it('switches the sandbox parties on outside production, and in production only by STAGING_SANDBOX', () => {
    const secret = 's'.repeat(40);
    const production = { NODE_ENV: 'production', SITE_URL: 'https://casino.example', JWT_SECRET: secret, WEBHOOK_SECRET: secret, PROVIDER_SECRETS_KEY: secret };
    expect(loadConfig({}, tmp()).sandbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }, tmp()).sandbox).toBe(true);
    expect(loadConfig(production, tmp())).toMatchObject({ sandbox: false, identityVerifier: 'manual' });
    expect(loadConfig({ ...production, STAGING_SANDBOX: 'true' }, tmp())).toMatchObject({ sandbox: true, identityVerifier: 'sandbox' });
    expect(() => loadConfig({ ...production, IDENTITY_VERIFIER: 'sandbox' }, tmp())).toThrow(
      /IDENTITY_VERIFIER: sandbox needs STAGING_SANDBOX=true in production/,
    );
  });

  it('refuses a production start without SITE_URL, naming it', () => {
    const secret = 's'.repeat(40);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, WEBHOOK_SECRET: secret }, tmp())).toThrow(
      /SITE_URL: required when NODE_ENV=production \(the public origin/,
    );
  });

  it('takes the public origin from SITE_URL, else from the port and address the server announces', () => {
    expect(loadConfig({}, tmp()).siteUrl).toBe('http://localhost:4321');
    expect(loadConfig({ PORT: '5123' }, tmp()).siteUrl).toBe('http://localhost:5123');
    expect(loadConfig({ PORT: '5123', HOST: '127.0.0.1' }, tmp()).siteUrl).toBe('http://127.0.0.1:5123');
    expect(loadConfig({ PORT: '5123', SITE_URL: 'https://casino.example/' }, tmp()).siteUrl).toBe('https://casino.example');
  });

  it('reads SKIP_BUILD with the other settings and names a wrong value', () => {
    expect(loadConfig({}, tmp()).skipBuild).toBe(false);
    expect(loadConfig({ SKIP_BUILD: 'true' }, tmp()).skipBuild).toBe(true);
    expect(() => loadConfig({ SKIP_BUILD: 'sometimes' }, tmp())).toThrow(/SKIP_BUILD: expected true or false \(got "sometimes"\)/);
  });

  it('gives astro build its origin, output directory and snapshot from the same settings', () => {
    expect(siteBuildSettings({})).toEqual({ siteUrl: 'http://localhost:4321', outDir: './dist/client', snapshotPath: 'dist/site-snapshot.json' });
    expect(siteBuildSettings({ PORT: '5123', ASTRO_OUT_DIR: '/tmp/next', SITE_SNAPSHOT: '/tmp/snap.json' })).toEqual({
      siteUrl: 'http://localhost:5123',
      outDir: '/tmp/next',
      snapshotPath: '/tmp/snap.json',
    });
    expect(siteBuildSettings({ SITE_URL: 'https://casino.example' }).siteUrl).toBe('https://casino.example');
    expect(() => siteBuildSettings({ SITE_URL: 'casino' })).toThrow(/SITE_URL: expected an absolute URL/);
  });

  it('generates development secrets once and keeps them in the data directory', () => {
    const dir = tmp();
    const first = loadConfig({}, dir);
    const second = loadConfig({}, dir);
    expect(first.jwtSecret).toHaveLength(64);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(JSON.parse(readFileSync(join(dir, 'data', 'secrets.json'), 'utf8')).jwt).toBe(first.jwtSecret);
  });

  it('refuses a trusted proxy that is not an address', async () => {
    const { trustedProxyList } = await import('../../src/server/net.ts');
    expect(() => trustedProxyList(['not-an-ip'])).toThrow(/TRUSTED_PROXIES/);
  });
});
