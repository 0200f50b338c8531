import { execFileSync } from 'node:child_process';
import { createPublicKey, verify as ed25519Verify } from 'node:crypto';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { ed25519KeyPair, verifyWebhook } from '../../packages/verify/src/index.js';
import { projectRoot } from '../../src/platform/project-root.js';
import { byId, errorOf, expectData, expectErrorBody } from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';
import type { ReceivedRequest } from '../support/https-receiver.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';

const ROOT = projectRoot();
const PYTHON = execFileSync(join(ROOT, 'deploy/local/python-verify.sh'), { encoding: 'utf8' }).trim();

interface PythonVerdict {
  official_with_public_keys: string[];
  official_with_hmac_secret: string | null;
  snippet: (string | null)[];
  primitive: boolean[];
}

/** The Python checks of test/support/python/verify_ed25519.py on these deliveries. */
function inPython(publicKeys: string[], deliveries: ReceivedRequest[], hmacSecret?: string): PythonVerdict[] {
  const input = JSON.stringify({
    public_keys: publicKeys,
    hmac_secret: hmacSecret ?? null,
    deliveries: deliveries.map((d) => ({ body: d.body, headers: d.headers })),
  });
  const output = execFileSync(PYTHON, [join(ROOT, 'test/support/python/verify_ed25519.py')], { input });
  return JSON.parse(output.toString()) as PythonVerdict[];
}

/** Ed25519 over "<id>.<t>.<body>" with node:crypto, straight from the specification: no package of ours. */
function primitiveVerifies(publicKey: string, d: ReceivedRequest): boolean {
  const x = Buffer.from(publicKey.slice('whpk_'.length), 'base64').toString('base64url');
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
  const message = Buffer.from(`${d.headers['webhook-id']}.${d.headers['webhook-timestamp']}.${d.body}`);
  return d.headers['webhook-signature']
    .split(' ')
    .filter((e) => e.startsWith('v1a,'))
    .some((e) => ed25519Verify(null, message, key, Buffer.from(e.slice(4), 'base64')));
}

/**
 * ed25519 subscriptions: signed as Standard Webhooks v1a, public keys at /signing-key, rotated like
 * HMAC secrets. The official standardwebhooks libraries (npm 1.1.1, PyPI 1.1.0) check v1 only: given
 * an ed25519 delivery they find no signature, which these tests pin, so that a release adding v1a
 * is noticed. The deliveries verify with the closest official primitives instead: node:crypto
 * (through @hookline/verify, and directly) and PyCA cryptography (through the Python snippet, and
 * directly).
 */
describe('ed25519 signatures (Standard Webhooks v1a)', () => {
  let h: PipelineHarness;

  beforeAll(async () => {
    h = await PipelineHarness.start();
  });
  afterAll(() => h?.close());

  const deliver = async (path: string) => {
    const event = envelope('order.created', { order_id: path });
    await h.publish([event]);
    await eventually(() => h.delivered([event], [path]), 30_000, `the event at ${path}`);
    return h.receiver.deliveries(path).find((r) => r.headers['webhook-id'] === event.id)!;
  };
  const signingKeys = async (id: string) =>
    expectData(await h.api.GET('/webhooks/{id}/signing-key', byId(id)), 200).keys.map((k) => k.public_key);

  it('signs v1a only, serves the public key, and verifies in Node and in Python', async () => {
    const created = expectData(
      await h.api.POST('/webhooks', {
        body: { url: h.receiver.url('/ed'), events: ['order.*'], signature_scheme: 'ed25519' },
      }),
      201,
    );
    expect(created.signature_scheme).toBe('ed25519');
    expect(created.secret).toBeUndefined();
    const [publicKey] = await signingKeys(created.id);
    expect(publicKey).toMatch(/^whpk_[A-Za-z0-9+/]{43}=$/);
    // The URL challenge was signed like the deliveries.
    const challenge = h.receiver.requests.find((r) => r.path === '/ed' && r.body.includes('url_verification'))!;
    expect(() => verifyWebhook(challenge.body, challenge.headers, { secret: publicKey })).not.toThrow();

    const delivery = await deliver('/ed');
    expect(delivery.headers['webhook-signature']).toMatch(/^v1a,[A-Za-z0-9+/]{86}==$/);
    expect(delivery.headers['x-signature']).toBeUndefined();
    expect(delivery.headers['x-webhook-signature']).toBeUndefined();
    expect(verifyWebhook(delivery.body, delivery.headers, { secret: publicKey }).id).toBe(
      delivery.headers['webhook-id'],
    );
    expect(primitiveVerifies(publicKey, delivery)).toBe(true);
    expect(primitiveVerifies(ed25519KeyPair().publicKey, delivery)).toBe(false);
    // The official Node library checks v1 only: it finds nothing it can verify.
    const keyBytes = Buffer.from(publicKey.slice('whpk_'.length), 'base64').toString('base64');
    expect(() => new Webhook(keyBytes).verify(delivery.body, delivery.headers)).toThrow('No matching signature found');

    const [python] = inPython([publicKey], [delivery]);
    expect(python).toEqual({
      official_with_public_keys: ['No matching signature found'],
      official_with_hmac_secret: null,
      snippet: [null],
      primitive: [true],
    });
  });

  it('signs with every valid key during a rotation, each served at /signing-key', async () => {
    const created = expectData(
      await h.api.POST('/webhooks', {
        body: { url: h.receiver.url('/ed-rotated'), events: ['order.*'], signature_scheme: 'ed25519' },
      }),
      201,
    );
    const rotated = expectData(
      await h.api.POST('/webhooks/{id}/secret-rotations', { ...byId(created.id), body: { grace_period_seconds: 600 } }),
      201,
    );
    const keys = await signingKeys(created.id);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(rotated.public_key);
    const delivery = await deliver('/ed-rotated');
    expect(delivery.headers['webhook-signature'].split(' ')).toHaveLength(2);
    for (const key of keys) {
      expect(() => verifyWebhook(delivery.body, delivery.headers, { secret: key })).not.toThrow();
      expect(primitiveVerifies(key, delivery)).toBe(true);
    }
    const [python] = inPython(keys, [delivery]);
    expect(python.snippet).toEqual([null, null]);
    expect(python.primitive).toEqual([true, true]);
  });

  it('moves an HMAC subscription to ed25519 with no downtime: v1 and v1a side by side', async () => {
    const secret = `whsec_${Buffer.from('hookline-e2e-change-of-scheme-32').toString('base64')}`;
    const created = expectData(
      await h.api.POST('/webhooks', { body: { url: h.receiver.url('/switch'), events: ['order.*'], secret } }),
      201,
    );
    expectErrorBody(await h.api.GET('/webhooks/{id}/signing-key', byId(created.id)), 404, 'NOT_FOUND');
    const rotated = expectData(
      await h.api.POST('/webhooks/{id}/secret-rotations', {
        ...byId(created.id),
        body: { signature_scheme: 'ed25519', grace_period_seconds: 600 },
      }),
      201,
    );
    const delivery = await deliver('/switch');
    expect(delivery.headers['webhook-signature'].split(' ').map((e) => e.split(',')[0])).toEqual(['v1a', 'v1']);
    expect(() => new Webhook(secret).verify(delivery.body, delivery.headers)).not.toThrow();
    expect(() => verifyWebhook(delivery.body, delivery.headers, { secret: rotated.public_key! })).not.toThrow();
    const [python] = inPython([rotated.public_key!], [delivery], secret);
    expect(python.official_with_hmac_secret).toBe('valid');
    expect(python.snippet).toEqual([null]);
  });

  it('takes a whsk_ private key, and refuses one for the wrong scheme', async () => {
    const pair = ed25519KeyPair();
    const created = expectData(
      await h.api.POST('/webhooks', {
        body: {
          url: h.receiver.url('/own-key'),
          events: ['order.*'],
          signature_scheme: 'ed25519',
          secret: pair.secretKey,
        },
      }),
      201,
    );
    expect(await signingKeys(created.id)).toEqual([pair.publicKey]);
    const wrong = await h.api.POST('/webhooks', {
      body: {
        url: h.receiver.url('/bad-key'),
        events: ['order.*'],
        signature_scheme: 'ed25519',
        secret: 'whsec_not-an-ed25519-key',
      },
    });
    expectErrorBody(wrong, 422, 'VALIDATION_ERROR');
    expect(errorOf(wrong).details).toEqual([expect.objectContaining({ field: 'secret', code: 'INVALID_FOR_SCHEME' })]);
    const hmacWithWhsk = await h.api.POST('/webhooks', {
      body: {
        url: h.receiver.url('/bad-key'),
        events: ['order.*'],
        signature_scheme: 'hmac-sha256',
        secret: pair.secretKey,
      },
    });
    expectErrorBody(hmacWithWhsk, 422, 'VALIDATION_ERROR');
    // A rotation whose secret cannot sign with its scheme is a malformed body, whatever its If-Match says.
    const misfit = await h.api.POST('/webhooks/{id}/secret-rotations', {
      params: { path: { id: created.id }, header: { 'If-Match': '"stale"' } },
      body: { signature_scheme: 'ed25519', secret: 'whsec_not-an-ed25519-key' },
    });
    expectErrorBody(misfit, 422, 'VALIDATION_ERROR');
    expect(errorOf(misfit).details).toEqual([expect.objectContaining({ field: 'secret', code: 'INVALID_FOR_SCHEME' })]);
    // Without signature_scheme, the key's own prefix says ed25519 (the Standard Webhooks serialisation).
    const implied = ed25519KeyPair();
    const inferred = expectData(
      await h.api.POST('/webhooks', {
        body: { url: h.receiver.url('/implied'), events: ['order.*'], secret: implied.secretKey },
      }),
      201,
    );
    expect(inferred.signature_scheme).toBe('ed25519');
    expect(await signingKeys(inferred.id)).toEqual([implied.publicKey]);
  });

  it('refuses a fourth valid secret with 409, naming the one that expires first and when', async () => {
    const { id } = expectData(
      await h.api.POST('/webhooks', { body: { url: h.receiver.url('/limit'), events: ['order.*'] } }),
      201,
    );
    const rotate = () =>
      h.api.POST('/webhooks/{id}/secret-rotations', { ...byId(id), body: { grace_period_seconds: 3600 } });
    const first = expectData(await rotate(), 201);
    expectData(await rotate(), 201);
    const refused = await rotate();
    expectErrorBody(refused, 409, 'SECRET_LIMIT_REACHED');
    const error = errorOf(refused);
    expect(error.message).toContain('at most 3 valid secrets');
    expect(error.message).toContain(`stops signing at ${first.previous_secrets_expire_at}`);
    expect(error.details).toHaveLength(2);
    expectData(
      await h.api.POST('/webhooks/{id}/secret-rotations', { ...byId(id), body: { grace_period_seconds: 0 } }),
      201,
    );
  });
});
