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
  WEBHOOK_SECRET_PREVIOUS: secret.optional(),
  PROVIDER_SECRETS_KEY: secret.optional(),
  TWO_FACTOR_KEY: secret.optional(),
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
  ABANDONED_HAND_HOURS: z.coerce
    .number({ error: 'expected a number of hours' })
    .int('expected a whole number of hours')
    .min(1, 'expected 1 to 720 hours')
    .max(720, 'expected 1 to 720 hours')
    .default(24),
  SPORTS_FEED: z.enum(['simulated', 'off'], { error: 'expected simulated or off' }).optional(),
  SPORTS_FEED_SEED: z.coerce.number({ error: 'expected a whole number' }).int('expected a whole number').min(0).default(1),
  SPORTS_FEED_SPEED: z.coerce.number({ error: 'expected a number' }).min(0.1, 'expected 0.1 to 1000').max(1000, 'expected 0.1 to 1000').default(1),
  BINGO_SALE_SECONDS: z.coerce
    .number({ error: 'expected a number of seconds' })
    .min(5, 'expected 5 to 600 seconds')
    .max(600, 'expected 5 to 600 seconds')
    .default(30),
  BINGO_BALL_SECONDS: z.coerce
    .number({ error: 'expected a number of seconds' })
    .min(0.2, 'expected 0.2 to 30 seconds')
    .max(30, 'expected 0.2 to 30 seconds')
    .default(1.5),
  SPORTS_FEED_SPACING_MINUTES: z.coerce.number({ error: 'expected a number' }).min(0.1, 'expected 0.1 to 1440').max(1440, 'expected 0.1 to 1440').default(30),
  LIMIT_COOLING_OFF_HOURS: z.coerce
    .number({ error: 'expected a number of hours' })
    .int('expected a whole number of hours')
    .min(1, 'expected 1 to 168 hours')
    .max(168, 'expected 1 to 168 hours')
    .default(24),
  SKIP_BUILD: bool.optional(),
  IDENTITY_DIR: z.string().min(1).optional(),
  IDENTITY_MAX_BYTES: z.coerce
    .number({ error: 'expected a number of bytes' })
    .int('expected a whole number of bytes')
    .min(65_536, 'expected 65536 to 52428800 bytes')
    .max(52_428_800, 'expected 65536 to 52428800 bytes')
    .default(5_242_880),
  IDENTITY_VERIFIER: z.enum(['sandbox', 'manual'], { error: 'expected sandbox or manual' }).optional(),
  STAGING_SANDBOX: bool.optional(),
  METRICS_PORT: port.optional(),
  METRICS_HOST: z.string().min(1).optional(),
  METRICS_TOKEN: z.string().min(16, 'expected at least 16 characters').optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }).optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('casino-site'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  production: boolean;
  host: string;
  port: number;
  /** The public origin (no trailing slash): canonical and hreflang links, the sitemap, links in mails. */
  siteUrl: string;
  dataDir: string;
  distDir: string;
  /** `memory` for tests, `pglite` on disk, or `postgres` by DATABASE_URL. */
  database: { kind: 'memory' } | { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string; poolSize: number };
  redisUrl: string | undefined;
  jwtSecret: string;
  webhookSecret: string;
  /** The webhook secret before the last rotation: payment webhooks signed with it are still accepted. */
  webhookSecretPrevious: string | undefined;
  /** Seals the outside game providers' signing secrets in the database (src/server/seamless/keys.ts). */
  providerSecretsKey: string;
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
  /** A blackjack, video-poker or Casino Hold'em hand untouched this long is finished by the round sweep with the game's rule and paid. */
  abandonedHandHours: number;
  /** Hours a raised or removed player limit waits before the player may confirm it. */
  limitCoolingOffHours: number;
  /** What authenticator-app secrets are encrypted under (TWO_FACTOR_KEY, else derived from the JWT secret). */
  twoFactorKey: string;
  /** The WebAuthn relying party of passkeys: its id (a host name) and the origins a browser may sign for. */
  webauthn: { rpId: string; origins: string[] };
  /** Serve dist/ as it is: `npm start` neither checks nor rebuilds it. */
  skipBuild: boolean;
  /** The sportsbook's feed: the simulated one (default outside tests), or none. */
  sportsFeed: 'simulated' | 'off';
  sportsFeedSeed: number;
  /** How many times faster than real time the simulated feed plays its matches. */
  sportsFeedSpeed: number;
  /** The bingo rooms' pace: how long tickets are sold before a game, and the time between two balls. */
  bingoPace: { saleMs: number; ballMs: number };
  /** Where identity documents are kept: outside the web root, files under random names. */
  identityDir: string;
  /** The largest identity document accepted, in bytes (the upload's own body limit). */
  identityMaxBytes: number;
  /** Who checks uploaded documents first: the sandbox verifier (rules a tester drives) or nobody but staff. */
  identityVerifier: 'sandbox' | 'manual';
  /** Minutes of real time between two kick-offs of one sport in the simulated feed. */
  sportsFeedSpacingMinutes: number;
  /**
   * The sandbox payment processors and the sandbox game provider are mounted and seeded:
   * always outside production, in production only with STAGING_SANDBOX=true (there a
   * public test card would credit real balances).
   */
  sandbox: boolean;
  /**
   * Where Prometheus reads /metrics: METRICS_PORT (a listener of its own on METRICS_HOST,
   * HOST by default), else the main port behind METRICS_TOKEN; with neither, nowhere.
   */
  metrics: { port: number | undefined; host: string; token: string | undefined };
  /** OpenTelemetry traces: sent by OTLP over HTTP to `endpoint` when it is set, otherwise off. */
  tracing: { endpoint: string | undefined; serviceName: string };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function describe(issue: z.core.$ZodIssue, env: Record<string, string | undefined>): string {
  const name = String(issue.path[0] ?? '');
  const got = env[name];
  return `${name}: ${issue.message}${got === undefined ? '' : ` (got ${JSON.stringify(got)})`}`;
}

/**
 * The origin the server announces when it listens on `host`:`port`: a wildcard address
 * is shown as localhost, an IPv6 address in brackets.
 */
export function announcedOrigin(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
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

/**
 * The WebAuthn relying party of the public origin: its host name is the passkeys' RP ID.
 * Browsers refuse an IP address as an RP ID, so a site announced on a loopback address
 * (development, tests) is the RP `localhost` and is used at http://localhost:<port>.
 */
export function relyingParty(siteUrl: string): { rpId: string; origins: string[] } {
  const url = new URL(siteUrl);
  const loopback = url.hostname === '127.0.0.1' || url.hostname === '[::1]' || url.hostname === 'localhost';
  if (!loopback) return { rpId: url.hostname, origins: [url.origin] };
  const local = new URL(siteUrl);
  local.hostname = 'localhost';
  return { rpId: 'localhost', origins: [local.origin] };
}

/** Defaults a caller may set for what the environment leaves unset (a command logs less than the server). */
export interface ConfigDefaults {
  /** The pino level when LOG_LEVEL is unset. */
  logLevel?: string;
}

/** Reads and validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd(), defaults: ConfigDefaults = {}): Config {
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
  if (production && !e.PROVIDER_SECRETS_KEY)
    missing.push("PROVIDER_SECRETS_KEY: required when NODE_ENV=production (at least 32 random characters; it seals the game providers' signing keys)");
  // Canonical links, hreflang, the sitemap and mailed links would all name a local address
  // that search engines then index; a guess is worse than stopping.
  if (production && !e.SITE_URL)
    missing.push(
      'SITE_URL: required when NODE_ENV=production (the public origin, such as https://casino.example, used in canonical links, the sitemap and mails)',
    );
  const webConcurrency = e.WEB_CONCURRENCY === 'auto' ? availableParallelism() : e.WEB_CONCURRENCY;
  if (webConcurrency > 1 && !e.DATABASE_URL) missing.push('WEB_CONCURRENCY: more than one process needs DATABASE_URL (PGlite serves a single process)');
  if (webConcurrency > 1 && !e.REDIS_URL) missing.push('WEB_CONCURRENCY: more than one process needs REDIS_URL (balance pushes must reach every process)');
  const identityDir = e.IDENTITY_DIR ? resolve(cwd, e.IDENTITY_DIR) : join(dataDir, 'identity');
  const webRoot = resolve(cwd, e.DIST_DIR);
  // Documents under the served tree would be one guessed name away from anybody.
  if (identityDir === webRoot || identityDir.startsWith(`${webRoot}/`) || webRoot.startsWith(`${identityDir}/`))
    missing.push(`IDENTITY_DIR: must be outside the served site (${webRoot})`);
  const sandbox = e.STAGING_SANDBOX ?? !production;
  // The sandbox verifier approves documents by rules any tester may drive: a staging tool too.
  if (!sandbox && e.IDENTITY_VERIFIER === 'sandbox')
    missing.push('IDENTITY_VERIFIER: sandbox needs STAGING_SANDBOX=true in production (its verdicts follow rules anybody can drive)');
  if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n  ${missing.join('\n  ')}`);

  const test = e.NODE_ENV === 'test';
  const secretFor = (value: string | undefined, name: string): string => value ?? (test ? `test-${name}-${'x'.repeat(40)}` : developmentSecret(dataDir, name));
  const siteUrl = (e.SITE_URL ?? announcedOrigin(e.HOST, e.PORT)).replace(/\/$/, '');
  const jwtSecret = secretFor(e.JWT_SECRET, 'jwt');

  let database: Config['database'];
  if (e.DATABASE_URL) database = { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE };
  else if (test) database = { kind: 'memory' };
  else database = { kind: 'pglite', dir: join(dataDir, 'pglite') };

  return {
    env: e.NODE_ENV,
    production,
    host: e.HOST,
    port: e.PORT,
    siteUrl,
    dataDir,
    distDir: resolve(cwd, e.DIST_DIR),
    database,
    redisUrl: e.REDIS_URL,
    jwtSecret,
    webhookSecret: secretFor(e.WEBHOOK_SECRET, 'webhook'),
    webhookSecretPrevious: e.WEBHOOK_SECRET_PREVIOUS,
    providerSecretsKey: secretFor(e.PROVIDER_SECRETS_KEY, 'provider-secrets'),
    trustedProxies: e.TRUSTED_PROXIES.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    bodyLimit: e.BODY_LIMIT,
    logLevel: e.LOG_LEVEL ?? defaults.logLevel ?? (test ? 'silent' : 'info'),
    seedDemo: e.SEED_DEMO ?? !production,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    webConcurrency,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    abandonedHandHours: e.ABANDONED_HAND_HOURS,
    limitCoolingOffHours: e.LIMIT_COOLING_OFF_HOURS,
    // Without its own key, the JWT secret's: rotating JWT_SECRET then ends every enrolment, so
    // production sets TWO_FACTOR_KEY when it may rotate the other.
    twoFactorKey: e.TWO_FACTOR_KEY ?? jwtSecret,
    webauthn: relyingParty(siteUrl),
    skipBuild: e.SKIP_BUILD ?? false,
    sportsFeed: e.SPORTS_FEED ?? (test ? 'off' : 'simulated'),
    sportsFeedSeed: e.SPORTS_FEED_SEED,
    sportsFeedSpeed: e.SPORTS_FEED_SPEED,
    bingoPace: { saleMs: Math.round(e.BINGO_SALE_SECONDS * 1000), ballMs: Math.round(e.BINGO_BALL_SECONDS * 1000) },
    identityDir,
    identityMaxBytes: e.IDENTITY_MAX_BYTES,
    identityVerifier: e.IDENTITY_VERIFIER ?? (sandbox ? 'sandbox' : 'manual'),
    sportsFeedSpacingMinutes: e.SPORTS_FEED_SPACING_MINUTES,
    sandbox,
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST ?? e.HOST, token: e.METRICS_TOKEN },
    tracing: { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, ''), serviceName: e.OTEL_SERVICE_NAME },
  };
}

export interface SiteBuildSettings {
  /** The origin canonical and hreflang links and the sitemap name. */
  siteUrl: string;
  /** Where astro writes the site (the build writes beside the live one, then swaps). */
  outDir: string;
  /** The database snapshot the pages render. */
  snapshotPath: string;
}

const siteBuildSchema = envSchema.pick({ SITE_URL: true, HOST: true, PORT: true }).extend({
  ASTRO_OUT_DIR: z.string().min(1).default('./dist/client'),
  SITE_SNAPSHOT: z.string().min(1).default('dist/site-snapshot.json'),
});

/**
 * The settings of `astro build` itself (astro.config.mjs and the pages), which runs in a
 * process of its own: `npm start` and `npm run build` pass SITE_URL, ASTRO_OUT_DIR and
 * SITE_SNAPSHOT to it; a bare `astro build` or `astro dev` gets the defaults.
 */
export function siteBuildSettings(env: Record<string, string | undefined> = process.env): SiteBuildSettings {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = siteBuildSchema.safeParse(cleaned);
  if (!parsed.success) throw new ConfigError(`Invalid configuration:\n  ${parsed.error.issues.map((i) => describe(i, cleaned)).join('\n  ')}`);
  const e = parsed.data;
  return { siteUrl: (e.SITE_URL ?? announcedOrigin(e.HOST, e.PORT)).replace(/\/$/, ''), outDir: e.ASTRO_OUT_DIR, snapshotPath: e.SITE_SNAPSHOT };
}

/** loadConfig for a command: on a wrong setting, the message on stderr and exit code 2. */
export function loadConfigOrExit(defaults: ConfigDefaults = {}): Config {
  try {
    return loadConfig(process.env, process.cwd(), defaults);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}
