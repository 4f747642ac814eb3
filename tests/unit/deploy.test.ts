// The deploy folder says what docs/operations.md promises: an image that runs as a non-root
// user on the project's Node major with production dependencies only; a compose file whose
// instances share one database, Redis and built site behind nginx, with every secret required
// and metrics never published; an nginx configuration that serves assets precompressed and
// proxies the rest (checked by `nginx -t` where nginx is installed); alert rules that name
// only metrics the server exports (checked by `promtool check rules` where promtool is).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { localNginx } from '../helpers/nginx.ts';

const root = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

interface Stage {
  from: string;
  name: string | undefined;
  lines: string[];
}

/** The Dockerfile's stages, each with its instructions (continuation lines joined). */
function stages(text: string): Stage[] {
  const out: Stage[] = [];
  const joined = text.replace(/\\\n\s*/g, ' ');
  for (const raw of joined.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) out.push({ from: from[1] as string, name: from[2], lines: [] });
    else out.at(-1)?.lines.push(line);
  }
  return out;
}

describe('deploy/Dockerfile', () => {
  const all = stages(read('deploy/Dockerfile'));
  const last = all.at(-1) as Stage;
  const nodeMajor = /(\d+)/.exec((JSON.parse(read('package.json')) as { devDependencies: Record<string, string> }).devDependencies.node ?? '')?.[1];

  it('builds on the Node major the project runs on, in every stage', () => {
    expect(all.length).toBeGreaterThanOrEqual(2);
    for (const stage of all) expect(stage.from).toMatch(new RegExp(`^node:${nodeMajor}[-.]`));
  });

  it('runs as a user that is not root', () => {
    const users = last.lines.filter((l) => /^USER\s/i.test(l));
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^USER\s+(root|0)(:|\s|$)/i);
  });

  it('ships production dependencies only, installed from the lockfile', () => {
    const installs = all.flatMap((s) => s.lines.filter((l) => /\bnpm (ci|install|i)\b/.test(l)).map((l) => ({ stage: s, l })));
    expect(installs.length).toBeGreaterThan(0);
    for (const { l } of installs) {
      expect(l).toMatch(/\bnpm ci\b/);
      expect(l).toMatch(/--omit=dev/);
    }
    // The last stage takes node_modules only from a stage that installed without dev dependencies.
    const copies = last.lines.filter((l) => /node_modules/.test(l));
    expect(copies.length).toBe(1);
    const from = /--from=(\S+)/.exec(copies[0] as string)?.[1];
    const source = all.find((s) => s.name === from);
    expect(source?.lines.some((l) => /npm ci\b.*--omit=dev/.test(l))).toBe(true);
    // Neither tests nor benchmarks nor a dev dependency's folder get in.
    expect(last.lines.filter((l) => /^COPY\s/i.test(l) && /\b(tests|bench)\b/.test(l))).toEqual([]);
  });

  it('starts the server and checks its liveness', () => {
    expect(last.lines.some((l) => /^CMD\s.*src\/server\/main\.ts/.test(l))).toBe(true);
    expect(last.lines.some((l) => /^HEALTHCHECK\s.*\/api\/health\/live/.test(l))).toBe(true);
  });
});

type Service = {
  image?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
  volumes?: string[];
  profiles?: string[];
  command?: string[];
};

describe('deploy/compose.yaml', () => {
  const compose = parse(read('deploy/compose.yaml'), { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown> };
  const { services } = compose;
  const apps = ['app1', 'app2'];

  it('runs two instances behind the proxy on one PostgreSQL and Redis, monitoring on request', () => {
    expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'build', 'grafana', 'postgres', 'prometheus', 'proxy', 'redis']);
    for (const name of apps) {
      const env = services[name]?.environment ?? {};
      expect(env.NODE_ENV).toBe('production');
      expect(env.DATABASE_URL).toMatch(/@postgres:5432\//);
      expect(env.REDIS_URL).toBe('redis://redis:6379');
      expect(env.SKIP_BUILD).toBe('true');
      expect(services[name]?.depends_on?.build?.condition).toBe('service_completed_successfully');
      expect(services[name]?.volumes).toContain('site:/app/dist');
    }
    expect(services.prometheus?.profiles).toEqual(['monitoring']);
    expect(services.grafana?.profiles).toEqual(['monitoring']);
  });

  it('requires every secret instead of defaulting it', () => {
    const text = read('deploy/compose.yaml');
    for (const secret of ['SITE_URL', 'POSTGRES_PASSWORD', 'JWT_SECRET', 'WEBHOOK_SECRET', 'PROVIDER_SECRETS_KEY', 'TWO_FACTOR_KEY'])
      expect(text, secret).toMatch(new RegExp(`\\$\\{${secret}:\\?`));
  });

  it('publishes only the proxy to the world, and metrics nowhere', () => {
    for (const [name, service] of Object.entries(services)) {
      const published = (service.ports ?? []).filter((p) => !p.startsWith('127.0.0.1:'));
      expect(published, name).toEqual(name === 'proxy' ? ['80:80'] : []);
    }
    const prometheus = parse(read('deploy/prometheus/prometheus.yml')) as { scrape_configs: { static_configs: { targets: string[] }[] }[] };
    const port = services.app1?.environment?.METRICS_PORT;
    expect(prometheus.scrape_configs[0]?.static_configs[0]?.targets).toEqual(apps.map((a) => `${a}:${port}`));
  });
});

describe('deploy/nginx/casino.conf', () => {
  const conf = read('deploy/nginx/casino.conf');

  it('serves hashed assets precompressed and immutable, and proxies pages, the API and WebSockets', () => {
    const astro = /location \/_astro\/ \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    expect(astro).toMatch(/brotli_static on;/);
    expect(astro).toMatch(/gzip_static on;/);
    expect(astro).toMatch(/max-age=31536000, immutable/);
    const socket = /location \/socket\.io\/ \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    expect(socket).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(socket).toMatch(/proxy_set_header Connection \$connection_upgrade;/);
    expect(/location \/ \{([^}]*)\}/.exec(conf)?.[1]).toMatch(/proxy_pass http:\/\/casino_app;/);
    expect(conf).toMatch(/location = \/metrics \{\s*return 404;/);
    // Money calls are never replayed on another instance by the proxy: only errors before a reply are retried.
    expect(conf).not.toMatch(/proxy_next_upstream[^;]*non_idempotent/);
  });

  it.runIf(has('nginx'))('passes nginx -t', () => {
    const main = localNginx({ upstreams: [4321, 4322] });
    const checked = spawnSync('nginx', ['-t', '-p', dirname(main), '-c', main], { encoding: 'utf8' });
    expect(checked.stderr).toMatch(/test is successful/);
  });
});

describe('deploy/prometheus/alerts.yml', () => {
  const rules = (
    parse(read('deploy/prometheus/alerts.yml')) as { groups: { rules: { alert: string; expr: string; annotations: { runbook: string } }[] }[] }
  ).groups.flatMap((g) => g.rules);
  const exported = new Set([...read('src/server/metrics.ts').matchAll(/name: '(casino_[a-z_]+)'/g)].map((m) => m[1] as string));

  it('covers 5xx, wallet errors, webhook failures, lease holders, pool saturation and push failures', () => {
    const names = rules.map((r) => r.alert);
    for (const alert of [
      'CasinoServerErrors',
      'CasinoWalletErrors',
      'CasinoWebhookFailures',
      'CasinoNoLeaseHolder',
      'CasinoDatabasePoolSaturated',
      'CasinoPushesNotPublished',
    ])
      expect(names).toContain(alert);
  });

  it('names only metrics the server exports, and runbooks the operations guide has', () => {
    const guide = read('docs/operations.md');
    const anchors = new Set(
      [...guide.matchAll(/^#+ (.+)$/gm)].map(
        (m) =>
          `#${(m[1] as string)
            .toLowerCase()
            .replace(/[^\w\s-]/g, '')
            .replace(/\s+/g, '-')}`,
      ),
    );
    for (const rule of rules) {
      for (const [name] of rule.expr.matchAll(/casino_[a-z_]+/g))
        expect(exported, `${rule.alert}: ${name}`).toContain(name.replace(/_(bucket|sum|count)$/, ''));
      expect(anchors, `${rule.alert}: ${rule.annotations.runbook}`).toContain(rule.annotations.runbook.replace(/^docs\/operations\.md/, ''));
    }
  });

  it.runIf(has('promtool'))('passes promtool check rules', () => {
    const checked = spawnSync('promtool', ['check', 'rules', join(root, 'deploy/prometheus/alerts.yml')], { encoding: 'utf8' });
    expect(`${checked.stdout}${checked.stderr}`).toMatch(/SUCCESS: \d+ rules found/);
    expect(checked.status).toBe(0);
  });
});
