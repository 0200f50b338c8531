import { ed25519SigningKey, signDelivery, signWithKeys } from '../../../src/platform/egress/signer.js';
import {
  ed25519KeyPair,
  MalformedHeaderError,
  MissingHeaderError,
  NoMatchingSignatureError,
  sign,
  TimestampOutsideToleranceError,
  verifyWebhook,
  type SignatureScheme,
} from '../../../packages/verify/src/index.js';

const secret = 'consumer-secret-of-sufficient-length';
const whsec = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
const body = '{"id":"evt_1","type":"order.created","data":{"name":"Zoë"}}';
const t = 1_800_000_000;
const SCHEMES: SignatureScheme[] = ['standard-webhooks', 'x-webhook-signature', 'x-signature'];

describe('sign', () => {
  it.each([[[secret]], [[whsec]], [[whsec, secret]]])("matches Hookline's signer for secrets %j", (secrets) => {
    expect(sign({ id: 'evt_1', timestamp: t, body, secrets })).toEqual(
      signDelivery({ msgId: 'evt_1', timestamp: t, body, secrets }),
    );
  });

  it('signs bytes like the same text, and defaults the time to now', () => {
    const now = Math.floor(Date.now() / 1000);
    const headers = sign({ id: 'evt_1', body: Buffer.from(body), secrets: secret });
    expect(Number(headers['webhook-timestamp'])).toBeGreaterThanOrEqual(now);
    expect(headers).toEqual(
      sign({ id: 'evt_1', timestamp: Number(headers['webhook-timestamp']), body, secrets: secret }),
    );
  });
});

describe('verifyWebhook', () => {
  const headers = sign({ id: 'evt_1', timestamp: t, body, secrets: [secret] });

  it.each(SCHEMES)('%s accepts its own signature, as text or bytes', (scheme) => {
    expect(verifyWebhook(body, headers, { secret, scheme, now: t }).scheme).toBe(scheme);
    expect(() => verifyWebhook(new TextEncoder().encode(body), headers, { secret, scheme, now: t })).not.toThrow();
  });

  it('checks Standard Webhooks by default and reports the event id and time', () => {
    expect(verifyWebhook(body, headers, { secret, now: t })).toEqual({
      scheme: 'standard-webhooks',
      id: 'evt_1',
      timestamp: t,
    });
    const onlyOthers: Record<string, string> = { ...headers };
    delete onlyOthers['webhook-signature'];
    expect(() => verifyWebhook(body, onlyOthers, { secret, now: t })).toThrow(MissingHeaderError);
  });

  it('accepts any of the consumer secrets while the consumer rotates', () => {
    expect(() => verifyWebhook(body, headers, { secret: ['newer-secret-not-yet-used', secret], now: t })).not.toThrow();
    expect(() => verifyWebhook(body, headers, { secret: ['newer-secret-not-yet-used'], now: t })).toThrow(
      NoMatchingSignatureError,
    );
  });

  it('finds headers whatever their case, in a record or a Fetch Headers object', () => {
    const shouted = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    expect(() => verifyWebhook(body, shouted, { secret, now: t })).not.toThrow();
    expect(() => verifyWebhook(body, new Headers(headers), { secret, now: t })).not.toThrow();
  });

  it('counts every entry of a header that arrived twice', () => {
    const rotated = sign({ id: 'evt_1', timestamp: t, body, secrets: ['old-secret-from-before', secret] });
    const [first, second] = rotated['webhook-signature'].split(' ');
    const repeated = {
      ...rotated,
      'webhook-signature': [first, second],
      'x-signature': rotated['x-signature']!.split(','),
    };
    expect(() => verifyWebhook(body, repeated, { secret, now: t })).not.toThrow();
    expect(() => verifyWebhook(body, repeated, { secret, scheme: 'x-signature' })).not.toThrow();
  });

  it('uses a configurable tolerance, in both directions', () => {
    const late = { secret, now: t + 61, toleranceSeconds: 60 };
    expect(() => verifyWebhook(body, headers, late)).toThrow(TimestampOutsideToleranceError);
    expect(() => verifyWebhook(body, headers, { ...late, now: t - 61 })).toThrow(TimestampOutsideToleranceError);
    expect(() => verifyWebhook(body, headers, { ...late, now: t + 60 })).not.toThrow();
    expect(() => verifyWebhook(body, headers, { secret, now: t + 299 })).not.toThrow();
  });

  it('uses the clock when no time is given', () => {
    const fresh = sign({ id: 'evt_1', body, secrets: secret });
    expect(() => verifyWebhook(body, fresh, { secret })).not.toThrow();
    expect(() => verifyWebhook(body, headers, { secret })).toThrow(TimestampOutsideToleranceError);
  });

  it('names the header and the reason in its errors', () => {
    const error = captured(() =>
      verifyWebhook(body, { ...headers, 'x-signature': 'sha256=abc' }, { secret, scheme: 'x-signature' }),
    );
    expect(error).toBeInstanceOf(MalformedHeaderError);
    expect(error).toMatchObject({ code: 'malformed_header', header: 'x-signature', name: 'MalformedHeaderError' });
    expect(captured(() => verifyWebhook(body, {}, { secret }))).toMatchObject({
      code: 'missing_header',
      header: 'webhook-id',
    });
    expect(captured(() => verifyWebhook(body, headers, { secret, now: t + 400 })).message).toMatch(/400 s older/);
  });

  it('refuses options that cannot verify anything', () => {
    expect(() => verifyWebhook(body, headers, { secret: [], now: t })).toThrow(TypeError);
    expect(() => verifyWebhook(body, headers, { secret: '', now: t })).toThrow(TypeError);
    expect(() => verifyWebhook(body, headers, { secret, now: t, toleranceSeconds: -1 })).toThrow(TypeError);
    expect(() => verifyWebhook(body, headers, { secret, scheme: 'sha1' as SignatureScheme })).toThrow(TypeError);
    expect(() => verifyWebhook(body, headers, { secret, scheme: 'toString' as SignatureScheme })).toThrow(
      /unknown signature scheme/,
    );
  });
});

describe('ed25519 (Standard Webhooks v1a)', () => {
  const pair = ed25519KeyPair();
  const signed = sign({ id: 'evt_1', timestamp: t, body, secrets: pair.secretKey });

  it("signs like Hookline's signer: v1a only, without the HMAC headers", () => {
    const seed = Buffer.from(pair.secretKey.slice('whsk_'.length), 'base64');
    expect(signed).toEqual(signWithKeys({ msgId: 'evt_1', timestamp: t, body }, [ed25519SigningKey(seed)]));
    expect(signed['webhook-signature']).toMatch(/^v1a,[A-Za-z0-9+/]{86}==$/);
    expect(signed['x-signature']).toBeUndefined();
  });

  it('verifies with the whpk_ public key and no other', () => {
    expect(verifyWebhook(body, signed, { secret: pair.publicKey, now: t })).toEqual({
      scheme: 'standard-webhooks',
      id: 'evt_1',
      timestamp: t,
    });
    expect(() => verifyWebhook(body, signed, { secret: ed25519KeyPair().publicKey, now: t })).toThrow(
      NoMatchingSignatureError,
    );
    expect(() => verifyWebhook(`${body} `, signed, { secret: pair.publicKey, now: t })).toThrow(
      NoMatchingSignatureError,
    );
    // An HMAC secret finds no v1 signature to check.
    expect(() => verifyWebhook(body, signed, { secret, now: t })).toThrow(MalformedHeaderError);
  });

  it('checks v1 and v1a side by side while a subscription changes scheme', () => {
    const both = sign({ id: 'evt_1', timestamp: t, body, secrets: [pair.secretKey, secret] });
    expect(both['webhook-signature'].split(' ').map((e) => e.split(',')[0])).toEqual(['v1a', 'v1']);
    for (const key of [pair.publicKey, secret, [secret, pair.publicKey]])
      expect(() => verifyWebhook(body, both, { secret: key, now: t })).not.toThrow();
  });

  it('refuses a public key for the HMAC-only headers, and one that is not 32 bytes', () => {
    expect(() => verifyWebhook(body, signed, { secret: pair.publicKey, scheme: 'x-signature' })).toThrow(TypeError);
    expect(() => verifyWebhook(body, signed, { secret: 'whpk_AAAA', now: t })).toThrow(TypeError);
  });
});

function captured(action: () => unknown): Error {
  try {
    action();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
}
