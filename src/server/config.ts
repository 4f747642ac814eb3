// Every setting the server reads, validated in one place. A wrong value stops the
// process with the variable's name and what is wanted, before anything listens.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expected true or false' }).transform((v) => v === 'true' || v === '1' || v === 'yes');

const port = z.coerce.number({ error: 'expected a port number' }).int('expected a whole number').min(0, 'expected 0..65535').max(65535, 'expected 0..65535');

const secret = z.string().min(32, 'expected at least 32 characters');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'expected development, production or test' }).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(4321),
  SITE_URL: z.url({ error: 'expected an absolute URL such as https://casino.example' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number({ error: 'expected a number' }).int().min(1).max(200).default(10),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'expected a redis:// or rediss:// URL')
    .optional(),
  JWT_SECRET: secret.optional(),
  WEBHOOK_SECRET: secret.optional(),
  TRUSTED_PROXIES: z.string().default(''),
  BODY_LIMIT: z.coerce.number({ error: 'expected a number of bytes' }).int().min(1024).max(10_000_000).default(102_400),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'expected a pino level' }).optional(),
  DIST_DIR: z.string().min(1).default('./dist/client'),
  SEED_DEMO: bool.optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  WEB_CONCURRENCY: z
    .union([z.literal('auto'), z.coerce.number({ error: 'expected a number of processes or auto' }).int().min(1).max(64)], {
      error: 'expected a number of processes (1-64) or auto',
    })
    .default(1),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/\s]+/, 'expected an smtp:// or smtps:// URL such as smtps://user:pass@mail.example:465')
    .optional(),
  MAIL_FROM: z.string().trim().min(3, 'expected a sender such as "Casino Eagles <no-reply@casino.example>"').default('Casino Eagles <no-reply@casino.test>'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  production: boolean;
  host: string;
  port: number;
  siteUrl: string;
  dataDir: string;
  distDir: string;
  /** `memory` for tests, `pglite` on disk, or `postgres` by DATABASE_URL. */
  database: { kind: 'memory' } | { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string; poolSize: number };
  redisUrl: string | undefined;
  jwtSecret: string;
  webhookSecret: string;
  trustedProxies: string[];
  bodyLimit: number;
  logLevel: string;
  seedDemo: boolean;
  shutdownTimeoutMs: number;
  /** Server processes sharing the port (node:cluster); more than one needs PostgreSQL and Redis. */
  webConcurrency: number;
  /** Where mail goes; without it, development writes .eml files to DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function describe(issue: z.core.$ZodIssue, env: Record<string, string | undefined>): string {
  const name = String(issue.path[0] ?? '');
  const got = env[name];
  return `${name}: ${issue.message}${got === undefined ? '' : ` (got ${JSON.stringify(got)})`}`;
}

/** Keeps development secrets stable across restarts without asking anyone to make one. */
function developmentSecret(dataDir: string, name: string): string {
  const file = join(dataDir, 'secrets.json');
  let stored: Record<string, string> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const known = stored[name];
  if (known) return known;
  const made = randomBytes(48).toString('base64url');
  stored[name] = made;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  return made;
}

/** Reads and validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  // Empty strings mean "not set", as shells and .env files often write them.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration:\n  ${parsed.error.issues.map((i) => describe(i, cleaned)).join('\n  ')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = resolve(cwd, e.DATA_DIR);
  const missing: string[] = [];
  if (production && !e.JWT_SECRET) missing.push('JWT_SECRET: required when NODE_ENV=production (at least 32 random characters)');
  if (production && !e.WEBHOOK_SECRET) missing.push('WEBHOOK_SECRET: required when NODE_ENV=production (at least 32 random characters)');
  const webConcurrency = e.WEB_CONCURRENCY === 'auto' ? availableParallelism() : e.WEB_CONCURRENCY;
  if (webConcurrency > 1 && !e.DATABASE_URL) missing.push('WEB_CONCURRENCY: more than one process needs DATABASE_URL (PGlite serves a single process)');
  if (webConcurrency > 1 && !e.REDIS_URL) missing.push('WEB_CONCURRENCY: more than one process needs REDIS_URL (balance pushes must reach every process)');
  if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n  ${missing.join('\n  ')}`);

  const test = e.NODE_ENV === 'test';
  const secretFor = (value: string | undefined, name: string): string => value ?? (test ? `test-${name}-${'x'.repeat(40)}` : developmentSecret(dataDir, name));

  let database: Config['database'];
  if (e.DATABASE_URL) database = { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE };
  else if (test) database = { kind: 'memory' };
  else database = { kind: 'pglite', dir: join(dataDir, 'pglite') };

  return {
    env: e.NODE_ENV,
    production,
    host: e.HOST,
    port: e.PORT,
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    distDir: resolve(cwd, e.DIST_DIR),
    database,
    redisUrl: e.REDIS_URL,
    jwtSecret: secretFor(e.JWT_SECRET, 'jwt'),
    webhookSecret: secretFor(e.WEBHOOK_SECRET, 'webhook'),
    trustedProxies: e.TRUSTED_PROXIES.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    bodyLimit: e.BODY_LIMIT,
    logLevel: e.LOG_LEVEL ?? (test ? 'silent' : 'info'),
    seedDemo: e.SEED_DEMO ?? !production,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    webConcurrency,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
  };
}

/** loadConfig for a command: on a wrong setting, the message on stderr and exit code 2. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}
