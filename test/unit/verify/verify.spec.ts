import { signDelivery } from '../../../src/platform/egress/signer.js';
import {
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
      'x-signature': rotated['x-signature'].split(','),
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

function captured(action: () => unknown): Error {
  try {
    action();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
}
