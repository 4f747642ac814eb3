import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';

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
  });

  it('requires the secrets from the environment in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }, tmp())).toThrow(/JWT_SECRET: required when NODE_ENV=production/);
    const secret = 's'.repeat(40);
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, WEBHOOK_SECRET: secret }, tmp());
    expect(config.jwtSecret).toBe(secret);
    expect(config.seedDemo).toBe(false);
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
