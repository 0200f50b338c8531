import type { TestingModule } from '@nestjs/testing';
import { KeyRingCheck } from '../../src/platform/crypto/key-ring-check.js';
import { KeyRing } from '../../src/platform/crypto/key-ring.js';
import { SealedValueError } from '../../src/platform/crypto/sealed-value.js';
import { SecretBox } from '../../src/platform/crypto/secret-box.js';
import { parseKeyRing } from '../../src/platform/config/secret-settings.js';
import { parseEndpointInput } from '../../src/modules/subscriptions/endpoint-settings-input.js';
import { sealedValueSample, SEALED_VALUES, type SealedRef } from '../../src/modules/subscriptions/sealed-columns.js';
import { resealEndpoint, SubscriptionCredentials } from '../../src/modules/subscriptions/subscription-credentials.js';
import { SubscriptionReader } from '../../src/modules/subscriptions/subscription-reader.js';
import { SubscriptionSecrets } from '../../src/modules/subscriptions/subscription-secrets.js';
import { SubscriptionStoreModule } from '../../src/modules/subscriptions/subscription-store.module.js';
import { SubscriptionsRepository } from '../../src/modules/subscriptions/subscriptions.repository.js';
import { MediumStack } from '../support/medium.js';
import { TEST_KEY_RING } from '../support/test-config.js';

const NEW_KEY = `next-1:${Buffer.alloc(32, 7).toString('base64')}`;

/**
 * A subscription's endpoint credentials on real Postgres: sealed per subscription and purpose, found
 * by the key ring's census (so the boot check and re-encryption cover them), opened for egress, and
 * never in clear in the row.
 */
describe('endpoint credentials at rest (medium)', () => {
  let stack: MediumStack;
  let module: TestingModule;
  let credentials: SubscriptionCredentials;
  let box: SecretBox;

  beforeAll(async () => {
    stack = await MediumStack.start();
    module = await stack.module(SubscriptionStoreModule);
    [credentials, box] = [module.get(SubscriptionCredentials), module.get(SecretBox)];
  });
  afterAll(() => stack?.close());

  const input = parseEndpointInput({
    headers: { 'X-Plain': 'plain-value', 'X-Key': { value: 'secret-header-value', secret: true } },
    auth: { type: 'basic', username: 'svc', password: 'the-password' },
  }).input;

  async function subscriptionWithCredentials() {
    const id = await stack.fixtures.insertSubscription({
      tenantId: stack.tenant,
      url: 'https://h.example/x',
      events: ['*'],
    });
    const stored = credentials.seal(id, input);
    await stack.fixtures.db.query(`UPDATE subscriptions SET headers = $2, auth = $3 WHERE id = $1`, [
      id,
      JSON.stringify(stored.headers),
      JSON.stringify(stored.auth),
    ]);
    return { id, stored };
  }

  it('seals each secret for its row and purpose; the census lists every sealed value, and each opens', async () => {
    const { id } = await subscriptionWithCredentials();
    const row = await stack.fixtures.db.query<{ headers: string; auth: string }>(
      `SELECT headers::text, auth::text FROM subscriptions WHERE id = $1`,
      [id],
    );
    expect(row.rows[0].headers).toContain('plain-value');
    expect(row.rows[0].headers).not.toContain('secret-header-value');
    expect(row.rows[0].auth).not.toContain('the-password');

    const values = await stack.fixtures.db.query<{ kind: SealedRef; ref: string; sealed: string }>(
      `SELECT v.kind, v.ref, v.sealed FROM subscriptions s, LATERAL ${SEALED_VALUES} v WHERE s.id = $1`,
      [id],
    );
    expect(values.rows.map((v) => `${v.kind} ${v.kind === 'secret' ? '…' : v.ref}`).sort()).toEqual([
      'auth basic',
      'header X-Key',
      'secret …',
    ]);
    const opened = values.rows.map((v) => {
      const { sealed, binding } = sealedValueSample(id, v.kind, v.ref, v.sealed);
      return box.openText(sealed, binding);
    });
    expect(opened.join(' ')).toContain('"secret-header-value"');
    expect(opened.join(' ')).toContain('"password":"the-password"');

    const census = await module.get(SubscriptionsRepository).census();
    expect(census.find((k) => k.keyId === box.primaryKeyId)!.values).toBeGreaterThanOrEqual(3);
    await expect(module.get(KeyRingCheck).verify()).resolves.toBeUndefined();
  });

  it('opens them for egress per version, and a value moved to another subscription does not open', async () => {
    const { id, stored } = await subscriptionWithCredentials();
    const view = (await module.get(SubscriptionReader).loadOne(stack.tenant, id))!;
    const opened = credentials.forEgress(view)!;
    expect(opened.headers).toEqual({ 'X-Plain': 'plain-value', 'X-Key': 'secret-header-value' });
    expect(opened.auth).toEqual({ type: 'basic', username: 'svc', password: 'the-password' });
    expect(credentials.forEgress(view)).toBe(opened);

    const other = await stack.fixtures.insertSubscription({
      tenantId: stack.tenant,
      url: 'https://o.example/x',
      events: ['*'],
    });
    expect(() => credentials.open(other, stored)).toThrow(SealedValueError);
  });

  it('re-encryption seals every credential with the newest key, to the same plaintext', async () => {
    const { id, stored } = await subscriptionWithCredentials();
    const rotated = new SecretBox(new KeyRing(parseKeyRing(`${NEW_KEY},${TEST_KEY_RING}`)));
    const resealed = resealEndpoint(rotated, id, stored);
    expect(resealed.auth!.sealed.startsWith('enc1:next-1:')).toBe(true);
    expect(
      Object.values(resealed.headers)
        .filter((h) => 'sealed' in h)
        .map((h) => 'sealed' in h && h.sealed.split(':')[1]),
    ).toEqual(['next-1']);
    expect(resealed.headers['X-Plain']).toEqual({ value: 'plain-value' });
    const reopened = new SubscriptionCredentials(new SubscriptionSecrets(rotated)).open(id, resealed)!;
    expect(reopened.auth).toEqual({ type: 'basic', username: 'svc', password: 'the-password' });
    expect(reopened.headers['X-Key']).toBe('secret-header-value');
  });
});
