import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import { checkClientCertificate } from '../../platform/egress/client-certificates.js';
import {
  endpointCredentials,
  type EndpointAuth,
  type EndpointCredentials,
} from '../../platform/egress/endpoint-credentials.js';
import type { EndpointInput } from './endpoint-settings-input.js';
import { authPurpose, headerPurpose, type StoredAuth, type StoredHeaders } from './endpoint-settings.js';
import { credentialBinding, SubscriptionSecrets } from './subscription-secrets.js';

/** A subscription's endpoint settings as stored. */
export interface StoredEndpoint {
  headers?: StoredHeaders;
  auth?: StoredAuth | null;
}

const CACHED_SUBSCRIPTIONS = 50_000;
const CACHE_IDLE_MS = 15 * 60_000;

/**
 * The endpoint credentials of subscriptions (static headers, auth) at rest and in use: each secret
 * sealed with the key ring, bound to its subscription and its purpose (`header/<name>`,
 * `endpoint-auth/<type>`); opened for egress once per subscription version, held bounded and
 * evicted when idle, never written anywhere in clear.
 */
@Injectable()
export class SubscriptionCredentials {
  private readonly opened = new LRUCache<string, { version: number; credentials?: EndpointCredentials }>({
    max: CACHED_SUBSCRIPTIONS,
    ttl: CACHE_IDLE_MS,
    updateAgeOnGet: true,
  });

  constructor(private readonly secrets: SubscriptionSecrets) {}

  /** The stored form of validated input: new secrets sealed for this subscription, kept ones as they were. */
  seal(subscriptionId: string, input: EndpointInput): { headers: StoredHeaders; auth: StoredAuth | null } {
    const headers: StoredHeaders = {};
    for (const h of input.headers) {
      if ('keep' in h) headers[h.name] = h.keep;
      else if (!h.secret) headers[h.name] = { value: h.value };
      else headers[h.name] = { sealed: this.secrets.sealCredential(subscriptionId, headerPurpose(h.name), h.value) };
    }
    const auth = input.auth && ('keep' in input.auth ? input.auth.keep : this.sealAuth(subscriptionId, input.auth.set));
    return { headers, auth };
  }

  /** What egress applies to requests to the subscription, opened once per version; undefined: nothing. */
  forEgress(sub: StoredEndpoint & { id: string; version: number }): EndpointCredentials | undefined {
    const held = this.opened.get(sub.id);
    if (held?.version === sub.version) return held.credentials;
    const credentials = this.open(sub.id, sub);
    this.opened.set(sub.id, { version: sub.version, credentials });
    return credentials;
  }

  /** A deleted subscription's opened credentials go now, not when they would have idled out. */
  forget(subscriptionId: string): void {
    this.opened.delete(subscriptionId);
  }

  /** Opened for one use (a registration's verification challenge), not held. */
  open(subscriptionId: string, stored: StoredEndpoint): EndpointCredentials | undefined {
    const names = Object.keys(stored.headers ?? {});
    if (names.length === 0 && !stored.auth) return undefined;
    const headers: Record<string, string> = {};
    for (const [name, h] of Object.entries(stored.headers ?? {}))
      headers[name] =
        'sealed' in h ? this.secrets.openCredential<string>(subscriptionId, headerPurpose(name), h.sealed) : h.value;
    const auth = stored.auth
      ? this.secrets.openCredential<EndpointAuth>(subscriptionId, authPurpose(stored.auth.type), stored.auth.sealed)
      : undefined;
    return endpointCredentials(subscriptionId, headers, auth);
  }

  private sealAuth(subscriptionId: string, auth: EndpointAuth): StoredAuth {
    const sealed = this.secrets.sealCredential(subscriptionId, authPurpose(auth.type), auth);
    switch (auth.type) {
      case 'basic':
        return { type: 'basic', username: auth.username, sealed };
      case 'bearer':
        return { type: 'bearer', sealed };
      case 'oauth2_client_credentials': {
        const { token_url, client_id, scope, audience, client_auth } = auth;
        return {
          type: auth.type,
          token_url,
          client_id,
          scope: scope ?? null,
          audience: audience ?? null,
          client_auth,
          sealed,
        };
      }
      case 'mtls': {
        const check = checkClientCertificate(auth.certificate, auth.private_key);
        if (!check.ok) throw new Error(`an unchecked client certificate reached sealing: ${check.message}`);
        return { type: 'mtls', certificate: check.summary, sealed };
      }
    }
  }
}

/** Every sealed value of a subscription's endpoint settings, with its binding (the key ring's census and re-encryption). */
export function sealedEndpointValues(id: string, stored: StoredEndpoint) {
  const values = Object.entries(stored.headers ?? {}).flatMap(([name, h]) =>
    'sealed' in h ? [{ sealed: h.sealed, binding: credentialBinding(id, headerPurpose(name)) }] : [],
  );
  if (stored.auth)
    values.push({ sealed: stored.auth.sealed, binding: credentialBinding(id, authPurpose(stored.auth.type)) });
  return values;
}

/** The settings with every sealed value sealed again with the newest key (re-encryption). */
export function resealEndpoint(
  box: SecretBox,
  id: string,
  stored: StoredEndpoint,
): { headers: StoredHeaders; auth: StoredAuth | null } {
  const headers: StoredHeaders = {};
  for (const [name, h] of Object.entries(stored.headers ?? {}))
    headers[name] = 'sealed' in h ? { sealed: box.reseal(h.sealed, credentialBinding(id, headerPurpose(name))) } : h;
  const auth = stored.auth
    ? { ...stored.auth, sealed: box.reseal(stored.auth.sealed, credentialBinding(id, authPurpose(stored.auth.type))) }
    : null;
  return { headers, auth };
}
