import { createPrivateKey, X509Certificate } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Agent } from 'undici';
import type { EndpointCredentials } from './endpoint-credentials.js';

/** What may be shown of a client certificate: nothing of its key. */
export interface CertificateSummary {
  subject: string;
  issuer: string;
  not_before: string;
  not_after: string;
  fingerprint_sha256: string;
}

export const MAX_CHAIN_CERTIFICATES = 10;
export const MAX_PEM_LENGTH = 64 * 1024;
const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

export type CertificateCheck =
  { ok: true; summary: CertificateSummary } | { ok: false; field: string; message: string };

/**
 * Checks a client certificate chain (leaf first) and its private key as given: PEM, an unencrypted
 * key that belongs to the leaf, a leaf valid now. Messages never quote the key.
 */
export function checkClientCertificate(chain: string, privateKey: string, now = new Date()): CertificateCheck {
  const blocks = chain.match(PEM_CERTIFICATE) ?? [];
  if (blocks.length === 0) return fail('certificate', 'must hold at least one PEM certificate (BEGIN CERTIFICATE)');
  if (blocks.length > MAX_CHAIN_CERTIFICATES)
    return fail('certificate', `a chain holds at most ${MAX_CHAIN_CERTIFICATES} certificates`);
  let leaf: X509Certificate;
  try {
    leaf = new X509Certificate(blocks[0]!);
    blocks.slice(1).forEach((b) => new X509Certificate(b));
  } catch {
    return fail('certificate', 'is not a valid PEM certificate chain');
  }
  let key;
  try {
    key = createPrivateKey({ key: privateKey, format: 'pem' });
  } catch {
    return fail('private_key', 'must be an unencrypted PEM private key (PKCS#8, PKCS#1 or SEC1)');
  }
  if (!leaf.checkPrivateKey(key)) return fail('private_key', 'does not belong to the first certificate of the chain');
  const summary = summarize(leaf);
  if (Date.parse(summary.not_after) <= now.getTime()) return fail('certificate', `expired on ${summary.not_after}`);
  return { ok: true, summary };
}

function summarize(leaf: X509Certificate): CertificateSummary {
  return {
    subject: leaf.subject.replaceAll('\n', ', '),
    issuer: leaf.issuer.replaceAll('\n', ', '),
    not_before: new Date(leaf.validFrom).toISOString(),
    not_after: new Date(leaf.validTo).toISOString(),
    fingerprint_sha256: leaf.fingerprint256,
  };
}

const fail = (field: string, message: string): CertificateCheck => ({
  ok: false,
  field,
  message: `${field} ${message}`,
});

/** A subscription's connections, and when the certificate they present expires (epoch ms). */
export interface CertificatePool {
  agent: Agent;
  notAfter: number;
}

/** Pools held at once, and how long an unused one stays; an evicted pool closes once its requests end. */
const MAX_POOLS = 1_000;
const POOL_IDLE_MS = 15 * 60_000;

/**
 * One connection pool per subscription that presents a client certificate: its connections carry
 * its certificate, so they are never shared with another subscription. A pool is made again when the
 * credentials change, and closed when it is replaced, evicted or idle.
 */
export class ClientCertificatePools {
  private readonly pools = new LRUCache<string, CertificatePool & { fingerprint: string }>({
    max: MAX_POOLS,
    ttl: POOL_IDLE_MS,
    updateAgeOnGet: true,
    dispose: ({ agent }) => void agent.close().catch(() => undefined),
  });

  constructor(private readonly makePool: (certificate: string, privateKey: string) => Agent) {}

  /** The subscription's own pool, or undefined when it presents no certificate. */
  poolFor(credentials: EndpointCredentials | undefined): CertificatePool | undefined {
    const auth = credentials?.auth;
    if (auth?.type !== 'mtls') return undefined;
    const held = this.pools.get(credentials!.id);
    if (held?.fingerprint === credentials!.fingerprint) return held;
    const pool = {
      fingerprint: credentials!.fingerprint,
      agent: this.makePool(auth.certificate, auth.private_key),
      notAfter: Date.parse(new X509Certificate(auth.certificate.match(PEM_CERTIFICATE)![0]).validTo),
    };
    this.pools.set(credentials!.id, pool);
    return pool;
  }

  get size(): number {
    return this.pools.size;
  }

  /** A deleted subscription's pool is closed now, not when it would have idled out. */
  forget(subscriptionId: string): void {
    this.pools.delete(subscriptionId);
  }

  async close(): Promise<void> {
    const agents = [...this.pools.values()].map((p) => p.agent);
    this.pools.clear();
    await Promise.all(agents.map((a) => a.close().catch(() => undefined)));
  }
}
