import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ScaledObject, TriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1';
import { PrometheusRule, ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import { parseAllDocuments, stringify } from 'yaml';

export const KUBERNETES_DIR = join(import.meta.dirname, '../../deploy/kubernetes');
/** The Kubernetes release whose schemas the manifests are checked against (the bundle has 1.25–1.36). */
export const KUBERNETES_VERSION = '1.33.0';

export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  // Each test reads the fields of the kind it checks; the validators check the shapes.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  spec?: any;
  data?: Record<string, string>;
}

export interface Tools {
  kustomize: string;
  kubernetesValidate: string;
}

/** kustomize and kubernetes-validate, installed into .cache by deploy/kubernetes/tools.sh when missing. */
export function installTools(): Tools {
  const out = execFileSync(join(KUBERNETES_DIR, 'tools.sh'), {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const vars = Object.fromEntries(
    out
      .trim()
      .split('\n')
      .map((l) => l.split('=', 2) as [string, string]),
  );
  return { kustomize: vars.KUSTOMIZE, kubernetesValidate: vars.KUBERNETES_VALIDATE };
}

/** `kustomize build` of a directory, as parsed documents. */
export function render(tools: Tools, dir: string): Manifest[] {
  const yaml = execFileSync(tools.kustomize, ['build', dir], { encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
  return parseAllDocuments(yaml).map((d) => d.toJS() as Manifest);
}

/** An overlay plus components, built from a throw-away kustomization (how a user adds the KEDA option). */
export function renderWith(tools: Tools, overlay: string, components: string[]): Manifest[] {
  const dir = mkdtempSync(join(tmpdir(), 'hookline-kustomize-'));
  try {
    // kustomize takes only relative paths to other kustomizations.
    const from = (path: string) => relative(dir, join(KUBERNETES_DIR, path));
    const kustomization = { resources: [from(overlay)], components: components.map(from) };
    writeFileSync(join(dir, 'kustomization.yaml'), stringify(kustomization));
    return render(tools, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Custom resources: checked against the CRD models published for each operator on npm. */
const CUSTOM_KINDS: Record<string, (m: Manifest) => void> = {
  'monitoring.coreos.com/v1/ServiceMonitor': (m) => new ServiceMonitor(m as never).validate(),
  'monitoring.coreos.com/v1/PrometheusRule': (m) => new PrometheusRule(m as never).validate(),
  'keda.sh/v1alpha1/ScaledObject': (m) => new ScaledObject(m as never).validate(),
  'keda.sh/v1alpha1/TriggerAuthentication': (m) => new TriggerAuthentication(m as never).validate(),
};

const isCustom = (m: Manifest) => `${m.apiVersion}/${m.kind}` in CUSTOM_KINDS;

/**
 * Validates every document: built-in kinds against the Kubernetes JSON schemas (strict: an
 * unknown field is an error), custom resources against their operator's model. Returns the
 * problems, one line each; empty when all is valid.
 */
export function validate(tools: Tools, manifests: Manifest[]): string[] {
  const problems: string[] = [];
  for (const m of manifests.filter(isCustom)) {
    try {
      CUSTOM_KINDS[`${m.apiVersion}/${m.kind}`](m);
    } catch (error) {
      problems.push(`${m.kind}/${m.metadata.name}: ${(error as Error).message}`);
    }
  }
  const builtIn = manifests.filter((m) => !isCustom(m));
  if (builtIn.length === 0) return problems;
  const dir = mkdtempSync(join(tmpdir(), 'hookline-validate-'));
  try {
    const file = join(dir, 'manifests.yaml');
    writeFileSync(file, builtIn.map((m) => stringify(m)).join('---\n'));
    const args = ['-k', KUBERNETES_VERSION, '--strict', '--quiet', file];
    const run = spawnSync(tools.kubernetesValidate, args, { encoding: 'utf8' });
    const lines = `${run.stdout}${run.stderr}`.split('\n').filter((l) => l.trim());
    // A built-in kind without a schema would pass unnoticed: kubernetes-validate only warns.
    problems.push(...lines.filter((l) => /^(ERROR|WARN)/.test(l) || run.status !== 0));
    if (run.status !== 0 && lines.length === 0) problems.push(`kubernetes-validate exited ${run.status}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return problems;
}
