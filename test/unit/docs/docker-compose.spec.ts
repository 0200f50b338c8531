import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';

const ROOT = join(import.meta.dirname, '../../..');
const read = (path: string) => parseYaml(readFileSync(join(ROOT, path), 'utf8'), { merge: true }) as unknown;

interface Service {
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  stop_grace_period?: string;
  volumes?: string[];
}

/** The same role groups as deploy/kubernetes/base (test/integration/kubernetes.spec.ts checks those). */
const ROLE_GROUPS: Record<string, string> = {
  'hookline-api': 'api',
  'hookline-ingest': 'ingest',
  'hookline-delivery': 'delivery,retry',
  'hookline-operations': 'operations',
};

/** docker-compose.yml runs the Kubernetes role split, and its Prometheus scrapes every group. */
describe('docker compose', () => {
  const { services } = read('docker-compose.yml') as { services: Record<string, Service> };

  it('runs one service per role group after a one-shot migration', () => {
    expect(services['hookline-migrate'].command).toEqual(['node', 'dist/src/cli.js', 'migrate']);
    for (const [name, roles] of Object.entries(ROLE_GROUPS)) {
      const service = services[name];
      expect(service.environment?.ROLES).toBe(roles);
      expect(service.environment?.DATABASE_MIGRATE_ON_START).toBe('false');
      expect(service.depends_on?.['hookline-migrate']).toEqual({ condition: 'service_completed_successfully' });
      // docker stops with SIGKILL after the grace period: it must outlast SHUTDOWN_TIMEOUT_MS.
      const grace = Number(/^(\d+)s$/.exec(service.stop_grace_period ?? '')?.[1]);
      expect(grace * 1000).toBeGreaterThan(Number(service.environment?.SHUTDOWN_TIMEOUT_MS));
    }
  });

  it('scrapes every role group on its metrics port with Prometheus and loads the shipped alert rules', () => {
    const mount = services.prometheus.volumes?.find((v) => v.endsWith(':/etc/prometheus:ro'));
    expect(mount).toBe('./deploy/observability/prometheus:/etc/prometheus:ro');
    const config = read('deploy/observability/prometheus/prometheus.yml') as {
      rule_files: string[];
      scrape_configs: { static_configs: { targets: string[] }[] }[];
    };
    for (const file of config.rule_files)
      expect(existsSync(join(ROOT, 'deploy/observability/prometheus', file))).toBe(true);
    const targets = config.scrape_configs.flatMap((c) => c.static_configs.flatMap((s) => s.targets));
    expect(targets.sort()).toEqual(
      Object.keys(ROLE_GROUPS)
        .map((s) => `${s}:9464`)
        .sort(),
    );
  });

  it('provisions Grafana with the dashboard directory it mounts', () => {
    const volumes = services.grafana.volumes ?? [];
    expect(volumes).toContain('./deploy/observability/grafana/dashboards:/var/lib/grafana/dashboards:ro');
    const provider = read('deploy/observability/grafana/provisioning/dashboards/hookline.yml') as {
      providers: { options: { path: string } }[];
    };
    expect(provider.providers[0].options.path).toBe('/var/lib/grafana/dashboards');
    expect(existsSync(join(ROOT, 'deploy/observability/grafana/dashboards/hookline.json'))).toBe(true);
  });
});
