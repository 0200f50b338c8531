import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { AppConfig } from '../../src/platform/config/app-config.js';
import { buildTopology, Handlers } from '../../src/topology.js';
import {
  installTools,
  render,
  renderWith,
  validate,
  type Manifest,
  type Tools,
} from '../support/kubernetes-manifests.js';

const ROLE_GROUPS: Record<string, string> = {
  'hookline-api': 'api',
  'hookline-ingest': 'ingest',
  'hookline-delivery': 'delivery,retry',
  'hookline-operations': 'operations',
};

const byKind = (manifests: Manifest[], kind: string) => manifests.filter((m) => m.kind === kind);
const one = (manifests: Manifest[], kind: string, name: string) => {
  const found = manifests.find((m) => m.kind === kind && m.metadata.name === name);
  if (!found) throw new Error(`${kind}/${name} not rendered`);
  return found;
};

/**
 * deploy/kubernetes renders with kustomize and validates offline: built-in kinds against the
 * Kubernetes schemas bundled in a PyPI package, custom resources against their operators' npm
 * models. Then the properties that matter to Hookline: roles, probes, shutdown, migrations.
 */
describe('Kubernetes manifests', () => {
  let tools: Tools;
  const rendered: Record<string, Manifest[]> = {};

  beforeAll(() => {
    tools = installTools();
    rendered.local = render(tools, 'deploy/kubernetes/overlays/local');
    rendered.production = render(tools, 'deploy/kubernetes/overlays/production');
    rendered.keda = renderWith(tools, 'overlays/production', ['components/keda']);
  }, 15 * 60_000);

  it.each(['local', 'production', 'keda'])('%s renders to valid manifests', (name) => {
    expect(rendered[name].length).toBeGreaterThan(10);
    expect(validate(tools, rendered[name])).toEqual([]);
  });

  it('rejects an invalid built-in manifest and an invalid custom resource', () => {
    const deployment = structuredClone(one(rendered.production, 'Deployment', 'hookline-api'));
    deployment.spec.replicas = 'two';
    expect(validate(tools, [deployment]).join('\n')).toMatch(/replicas/);
    const unknownField = structuredClone(one(rendered.production, 'Deployment', 'hookline-api'));
    unknownField.spec.template.spec.containers[0].livenessProbe.periodSecond = 10;
    expect(validate(tools, [unknownField]).join('\n')).toMatch(/periodSecond/);
    const monitor = structuredClone(one(rendered.production, 'ServiceMonitor', 'hookline'));
    monitor.spec.endpoints = 'http';
    expect(validate(tools, [monitor])).toHaveLength(1);
  });

  it.each(['local', 'production'])('%s: one Deployment per role group, probed, with resources', (name) => {
    const deployments = byKind(rendered[name], 'Deployment');
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual(Object.keys(ROLE_GROUPS).sort());
    for (const d of deployments) {
      const [container] = d.spec.template.spec.containers;
      const roles = container.env.find((e: { name: string }) => e.name === 'ROLES').value;
      expect(roles).toBe(ROLE_GROUPS[d.metadata.name]);
      expect(container.livenessProbe.httpGet.path).toBe('/health/live');
      expect(container.readinessProbe.httpGet.path).toBe('/health/ready');
      expect(container.resources.requests).toEqual(expect.objectContaining({ cpu: expect.any(String) }));
      expect(container.resources.limits).toEqual(expect.objectContaining({ memory: expect.any(String) }));
      // Exactly one PodDisruptionBudget selects the Deployment's pods.
      const labels = d.spec.template.metadata.labels as Record<string, string>;
      const budgets = byKind(rendered[name], 'PodDisruptionBudget').filter((p) =>
        Object.entries(p.spec.selector.matchLabels as Record<string, string>).every(([k, v]) => labels[k] === v),
      );
      expect(budgets).toHaveLength(1);
    }
  });

  it.each(['local', 'production'])('%s: the grace period covers preStop and SHUTDOWN_TIMEOUT_MS', (name) => {
    const config = one(rendered[name], 'ConfigMap', configMapName(rendered[name])).data!;
    expect(config.DATABASE_MIGRATE_ON_START).toBe('false');
    const shutdownSeconds = Number(config.SHUTDOWN_TIMEOUT_MS) / 1000;
    for (const d of byKind(rendered[name], 'Deployment')) {
      const pod = d.spec.template.spec;
      const preStop = Number(pod.containers[0].lifecycle.preStop.exec.command[1]);
      // SIGTERM comes after preStop; then shutdown may take SHUTDOWN_TIMEOUT_MS, plus 5 s to close.
      expect(pod.terminationGracePeriodSeconds).toBe(preStop + shutdownSeconds + 5);
    }
  });

  it('runs migrations in a Job with the Deployments configuration', () => {
    const job = one(rendered.production, 'Job', 'hookline-migrate');
    const [container] = job.spec.template.spec.containers;
    expect(container.command).toEqual(['node', 'dist/src/cli.js', 'migrate']);
    expect(container.image).toBe(
      one(rendered.production, 'Deployment', 'hookline-api').spec.template.spec.containers[0].image,
    );
    expect(container.envFrom.map((e: object) => Object.values(e)[0].name).sort()).toEqual(
      [configMapName(rendered.production), 'hookline-secrets'].sort(),
    );
  });

  it('production: no Secret is rendered, the image is pinned, monitoring is on, delivery autoscales', () => {
    const m = rendered.production;
    expect(byKind(m, 'Secret')).toEqual([]);
    expect(one(m, 'Deployment', 'hookline-api').spec.template.spec.containers[0].image).toMatch(/:\d+\.\d+\.\d+$/);
    expect(one(m, 'PrometheusRule', 'hookline').spec.groups.length).toBeGreaterThan(0);
    // The ServiceMonitor finds the headless metrics Service, on a port that Service has.
    const monitor = one(m, 'ServiceMonitor', 'hookline').spec;
    const metrics = one(m, 'Service', 'hookline-metrics');
    expect(metrics.metadata.labels).toEqual(expect.objectContaining(monitor.selector.matchLabels));
    expect(metrics.spec.ports.map((p: { name: string }) => p.name)).toContain(monitor.endpoints[0].port);
    expect(metrics.spec.selector).toEqual({ 'app.kubernetes.io/name': 'hookline' });
    const hpa = one(m, 'HorizontalPodAutoscaler', 'hookline-delivery');
    expect(hpa.spec.scaleTargetRef.name).toBe('hookline-delivery');
    // More delivery consumers than partitions would sit idle.
    const partitions = Number(one(m, 'ConfigMap', configMapName(m)).data!.KAFKA_TOPIC_PARTITIONS);
    expect(hpa.spec.maxReplicas).toBeLessThanOrEqual(partitions);
  });

  it('production: Kafka over SASL_SSL, the registry and Postgres over TLS, every credential file from a mounted Secret', () => {
    const m = rendered.production;
    const data = one(m, 'ConfigMap', configMapName(m)).data!;
    const files = Object.entries(data).filter(([name]) => name.endsWith('_FILE'));
    expect(files.map(([name]) => name).sort()).toEqual(
      [
        'KAFKA_SASL_USERNAME_FILE',
        'KAFKA_SASL_PASSWORD_FILE',
        'KAFKA_SSL_CA_FILE',
        'SCHEMA_REGISTRY_USERNAME_FILE',
        'SCHEMA_REGISTRY_PASSWORD_FILE',
        'SCHEMA_REGISTRY_CA_FILE',
      ].sort(),
    );
    for (const pod of [...byKind(m, 'Deployment'), one(m, 'Job', 'hookline-migrate')].map(
      (w) => w.spec.template.spec,
    )) {
      const secrets = new Map<string, string>(
        pod.volumes
          .filter((v: { secret?: object }) => v.secret)
          .map((v: { name: string; secret: { secretName: string } }) => [v.name, v.secret.secretName]),
      );
      const mounts = (
        pod.containers[0].volumeMounts as { name: string; mountPath: string; readOnly?: boolean }[]
      ).filter((mount) => secrets.has(mount.name));
      for (const [, path] of files)
        expect(mounts.some((mount) => dirname(path) === mount.mountPath && mount.readOnly)).toBe(true);
      expect([...secrets.values()].sort()).toEqual([
        'hookline-kafka',
        'hookline-postgres-ca',
        'hookline-schema-registry',
      ]);
    }
    // With the Secrets' files in place, the configuration is one the service accepts as it is meant.
    const root = mkdtempSync(join(tmpdir(), 'hookline-secrets-'));
    const mounted = Object.fromEntries(
      Object.entries(data).map(([name, value]) => {
        if (!name.endsWith('_FILE')) return [name, value];
        const path = join(root, value);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, name.includes('CA_FILE') ? '-----BEGIN CERTIFICATE-----\n' : `${name.toLowerCase()}\n`);
        return [name, path];
      }),
    );
    const config = AppConfig.fromEnv(mounted);
    expect(config.kafka.security).toMatchObject({
      protocol: 'SASL_SSL',
      sasl: { mechanism: 'SCRAM-SHA-512', username: 'kafka_sasl_username_file', password: 'kafka_sasl_password_file' },
      tls: { caFile: mounted.KAFKA_SSL_CA_FILE },
    });
    expect(config.registry).toMatchObject({ url: expect.stringMatching(/^https:/), auth: { kind: 'basic' } });
  });

  it('production: /metrics is on its own port, scraped with the token, reachable from monitoring only', () => {
    const m = rendered.production;
    const metricsPort = Number(one(m, 'ConfigMap', configMapName(m)).data!.METRICS_PORT);
    expect(metricsPort).toBe(9464);
    for (const d of byKind(m, 'Deployment')) {
      const ports = d.spec.template.spec.containers[0].ports as { name: string; containerPort: number }[];
      expect(ports).toEqual(expect.arrayContaining([{ name: 'metrics', containerPort: metricsPort }]));
      expect(d.spec.template.metadata.annotations['prometheus.io/port']).toBe(String(metricsPort));
    }
    const service = one(m, 'Service', 'hookline-metrics').spec;
    expect(service.ports).toEqual([{ name: 'metrics', port: metricsPort, targetPort: 'metrics' }]);
    const [endpoint] = one(m, 'ServiceMonitor', 'hookline').spec.endpoints;
    expect(endpoint.port).toBe('metrics');
    expect(endpoint.authorization).toEqual({
      type: 'Bearer',
      credentials: { name: 'hookline-secrets', key: 'METRICS_BEARER_TOKEN' },
    });
    // The API's Service never routes to the metrics port.
    const api = one(m, 'Service', 'hookline-api').spec;
    expect(api.ports.map((p: { targetPort: string }) => p.targetPort)).toEqual(['http']);
    const policy = one(m, 'NetworkPolicy', 'hookline').spec;
    const rule = (port: string) =>
      policy.ingress.find((r: { ports: { port: string }[] }) => r.ports.some((p) => p.port === port));
    expect(rule('http').from).toBeUndefined();
    expect(rule('metrics').from).toEqual([
      { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } },
    ]);
  });

  it('keda: scales delivery on the lag of the group and topic Hookline really uses, instead of the HPA', () => {
    const m = rendered.keda;
    expect(byKind(m, 'HorizontalPodAutoscaler')).toEqual([]);
    const scaler = one(m, 'ScaledObject', 'hookline-delivery');
    const data = one(m, 'ConfigMap', configMapName(m)).data!;
    // The topology is what matters here: the security settings' files are not mounted in the test.
    const topologyOnly = Object.fromEntries(
      Object.entries(data).filter(([name]) => !/^(KAFKA_S(ASL|SL|ECURITY)_|SCHEMA_REGISTRY_(?!URL))/.test(name)),
    );
    const config = AppConfig.fromEnv({ ...topologyOnly, SCHEMA_REGISTRY_URL: 'http://registry', ROLES: 'delivery' });
    const delivery = buildTopology(config).find((t) => t.consumer.handler === Handlers.delivery)!;
    const [trigger] = scaler.spec.triggers;
    expect(trigger.type).toBe('kafka');
    expect(trigger.metadata.topic).toBe(delivery.topic);
    expect(trigger.metadata.consumerGroup).toBe(delivery.consumer.group);
    expect(scaler.spec.maxReplicaCount).toBeLessThanOrEqual(config.kafka.partitions);
    // The scaler reaches the same SASL_SSL listener with the credentials and CA Hookline mounts.
    expect(trigger.metadata.bootstrapServers).toBe(data.KAFKA_BROKERS);
    expect(trigger.metadata).toMatchObject({ sasl: 'scram_sha512', tls: 'enable' });
    const auth = one(m, 'TriggerAuthentication', trigger.authenticationRef.name).spec.secretTargetRef;
    expect(auth).toEqual([
      { parameter: 'username', name: 'hookline-kafka', key: 'username' },
      { parameter: 'password', name: 'hookline-kafka', key: 'password' },
      { parameter: 'ca', name: 'hookline-kafka', key: 'ca.crt' },
    ]);
  });
});

/** The one ConfigMap's name, which carries kustomize's content hash. */
function configMapName(manifests: Manifest[]): string {
  const maps = byKind(manifests, 'ConfigMap');
  expect(maps).toHaveLength(1);
  return maps[0].metadata.name;
}
