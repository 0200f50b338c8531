import fc from 'fast-check';
import { classifyEgressError } from '../../src/platform/egress/egress-errors.js';
import { checkClientCertificate } from '../../src/platform/egress/client-certificates.js';
import { reservedHeaderReason, staticAuthorization } from '../../src/platform/egress/endpoint-credentials.js';
import {
  authView,
  headersView,
  type StoredAuth,
  type StoredHeaders,
} from '../../src/modules/subscriptions/endpoint-settings.js';
import {
  HEADER_NAME,
  HEADER_VALUE,
  MAX_HEADERS,
  parseEndpointInput,
  sameJson,
} from '../../src/modules/subscriptions/endpoint-settings-input.js';
import { HEADERS_INPUT_SCHEMA } from '../../src/modules/subscriptions/endpoint-settings.schema.js';
import { classifyResult, countsAgainstEndpoint } from '../../src/modules/delivery/retry/outcome-classification.js';
import { RetryPolicy } from '../../src/modules/delivery/retry/retry-policy.js';
import { clientCertificate, testCa } from '../support/endpoint-auth.js';

const codes = (raw: { headers?: unknown; auth?: unknown }) =>
  parseEndpointInput(raw).errors.map((e) => `${e.field} ${e.code}`);

describe('static headers', () => {
  it('takes a string (not secret) or {value, secret}', () => {
    const { errors, input } = parseEndpointInput({
      headers: { 'X-Tenant': 'acme', 'X-Key': { value: 'k', secret: true } },
    });
    expect(errors).toEqual([]);
    expect(input.headers).toEqual([
      { name: 'X-Tenant', value: 'acme', secret: false },
      { name: 'X-Key', value: 'k', secret: true },
    ]);
  });

  it('keeps a credential-carrying header secret, however it is written', () => {
    const names = ['Authorization', 'cookie', 'X-Api-Key', 'X-Auth-Token', 'Client-Secret', 'X-Password', 'X-Session'];
    const { errors, input } = parseEndpointInput({
      headers: Object.fromEntries(names.map((name, i) => [name, i % 2 ? { value: 'v', secret: false } : 'v'])),
    });
    expect(errors).toEqual([]);
    expect(input.headers?.map((h) => ('secret' in h ? h.secret : undefined))).toEqual(names.map(() => true));
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z-]{0,10}$/),
        fc.constantFrom('key', 'TOKEN', 'Secret', 'auth'),
        (a, word) => {
          const name = `X-${a}${word}`;
          const parsed = parseEndpointInput({ headers: { [name]: 'v' } });
          const [header] = parsed.input.headers ?? [];
          return parsed.errors.length > 0 || (header !== undefined && 'secret' in header && header.secret);
        },
      ),
    );
  });

  it.each([
    'Host',
    'content-length',
    'Content-Type',
    'X-Signature',
    'X-Webhook-Signature',
    'webhook-id',
    'Webhook-Anything',
    'Connection',
    'Transfer-Encoding',
    'TE',
    'Upgrade',
    'traceparent',
    'User-Agent',
    'user-agent',
    'Expect',
    'Keep-Alive',
    'Proxy-Authorization',
    'Proxy-Connection',
    'proxy-anything',
    'PROXY-STATUS',
  ])('refuses the reserved name %s', (name) => {
    expect(codes({ headers: { [name]: 'x' } })).toEqual([`headers.${name} RESERVED_HEADER`]);
  });

  it('refuses Authorization only while auth is set', () => {
    expect(codes({ headers: { Authorization: 'ApiKey x' } })).toEqual([]);
    expect(codes({ headers: { Authorization: 'ApiKey x' }, auth: { type: 'bearer', token: 't' } })).toEqual([
      'headers.Authorization CONFLICTS_WITH_AUTH',
    ]);
  });

  it('bounds the count, names and values, and refuses names that differ only in case', () => {
    const many = Object.fromEntries(Array.from({ length: MAX_HEADERS + 1 }, (_, i) => [`X-H${i}`, 'v']));
    expect(codes({ headers: many })).toEqual(['headers TOO_MANY']);
    expect(codes({ headers: { 'X A': 'v' } })).toEqual(['headers.X A INVALID']);
    expect(codes({ headers: { 'X-A': 'line\r\nX-Injected: 1' } })).toEqual(['headers.X-A INVALID']);
    expect(codes({ headers: { 'X-A': 'x'.repeat(1025) } })).toEqual(['headers.X-A TOO_LONG']);
    expect(codes({ headers: { 'X-A': 'a', 'x-a': 'b' } })).toEqual(['headers.x-a DUPLICATE']);
    expect(codes({ headers: { 'X-A': { secret: true } } })).toEqual(['headers.X-A REQUIRED']);
    expect(codes({ headers: { 'X-A': { value: 'v', extra: 1 } } })).toEqual(['headers.X-A UNKNOWN_FIELD']);
    expect(codes({ headers: ['X-A'] })).toEqual(['headers INVALID_TYPE']);
  });

  it('never quotes a refused value in its message', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 8 }).map((s) => `\u0001${s}`),
        (value) => {
          const { errors } = parseEndpointInput({ headers: { 'X-A': { value, secret: true } } });
          expect(errors).toHaveLength(1);
          expect(errors[0].message).not.toContain(value);
        },
      ),
    );
  });

  it('accepts every name and value the document allows (the schema and the check agree)', () => {
    const token = fc.stringMatching(HEADER_NAME).filter((n) => n.length <= 64 && !reservedHeaderReason(n, false));
    const value = fc.stringMatching(HEADER_VALUE).filter((v) => v.length <= 1024);
    fc.assert(
      fc.property(token, value, (name, v) => {
        expect(parseEndpointInput({ headers: { [name]: v } }).errors).toEqual([]);
      }),
    );
  });

  it('refuses in the document exactly the names the check reserves', () => {
    const reservedInSchema = new RegExp(HEADERS_INPUT_SCHEMA.propertyNames.not.pattern);
    const known = fc.constantFrom('User-Agent', 'expect', 'Proxy-Foo', 'proxy-', 'Webhook-X', 'X-Proxy', 'Agent');
    const name = fc.oneof(
      known,
      fc.stringMatching(HEADER_NAME).filter((n) => n.length <= 64),
    );
    fc.assert(
      fc.property(name, (n) => {
        expect(reservedInSchema.test(n)).toBe(reservedHeaderReason(n, false) !== undefined);
      }),
    );
  });
});

describe('auth', () => {
  it.each([
    [{ type: 'basic', username: 'u', password: 'p' }],
    [{ type: 'bearer', token: 't0k' }],
    [{ type: 'oauth2_client_credentials', token_url: 'https://auth.example/t', client_id: 'c', client_secret: 's' }],
    [
      {
        type: 'oauth2_client_credentials',
        token_url: 'https://a.example/t',
        client_id: 'c',
        client_secret: 's',
        scope: 'a b',
        audience: 'x',
        client_auth: 'post',
      },
    ],
  ])('takes %j', (auth) => {
    expect(parseEndpointInput({ auth }).errors).toEqual([]);
  });

  it('names every missing, unknown or malformed field, and never echoes a secret', () => {
    expect(codes({ auth: { type: 'basic', username: 'a:b' } })).toEqual([
      'auth.username INVALID',
      'auth.password REQUIRED',
    ]);
    expect(codes({ auth: { type: 'bearer', token: 'has space', extra: 1 } })).toEqual([
      'auth.extra UNKNOWN_FIELD',
      'auth.token INVALID',
    ]);
    expect(
      codes({
        auth: { type: 'oauth2_client_credentials', token_url: 'http://a.example', client_id: 'c', client_secret: 's' },
      }),
    ).toEqual(['auth.token_url NOT_HTTPS']);
    expect(codes({ auth: { type: 'kerberos' } })).toEqual(['auth.type INVALID_VALUE']);
    expect(codes({ auth: 'basic' })).toEqual(['auth INVALID_TYPE']);
    const { errors } = parseEndpointInput({ auth: { type: 'basic', username: 'u', password: 'p\u0001-secret-value' } });
    expect(errors.map((e) => e.message).join()).not.toContain('secret-value');
  });

  it('checks a client certificate against its key and its expiry', async () => {
    const ca = await testCa();
    const good = await clientCertificate(ca);
    const other = await clientCertificate(ca, 'other');
    expect(checkClientCertificate(good.certificate, good.privateKey)).toMatchObject({
      ok: true,
      summary: { fingerprint_sha256: good.fingerprint },
    });
    expect(checkClientCertificate(`${good.certificate}\n${ca.cert}`, good.privateKey).ok).toBe(true);
    expect(codes({ auth: { type: 'mtls', certificate: good.certificate, private_key: other.privateKey } })).toEqual([
      'auth.private_key INVALID_CERTIFICATE',
    ]);
    expect(codes({ auth: { type: 'mtls', certificate: 'not a pem', private_key: good.privateKey } })).toEqual([
      'auth.certificate INVALID_CERTIFICATE',
    ]);
    const later = new Date(good.notAfter.getTime() + 1000);
    expect(checkClientCertificate(good.certificate, good.privateKey, later)).toMatchObject({
      ok: false,
      field: 'certificate',
    });
  });
});

describe('a patch keeps what its document showed', () => {
  const stored = {
    headers: { 'X-Key': { sealed: 'enc1:k:aaaa' }, 'X-Plain': { value: 'p' } } as StoredHeaders,
    auth: { type: 'basic', username: 'svc', sealed: 'enc1:k:bbbb' } as StoredAuth,
  };
  const current = { ...stored, view: { headers: headersView(stored.headers), auth: authView(stored.auth) } };

  it('keeps a secret header and the auth sent back as shown, and takes anything else as new', () => {
    const same = parseEndpointInput({ headers: current.view.headers, auth: current.view.auth }, current);
    expect(same.errors).toEqual([]);
    expect(same.input).toEqual({
      headers: [
        { name: 'X-Key', keep: stored.headers['X-Key'] },
        { name: 'X-Plain', keep: stored.headers['X-Plain'] },
      ],
      auth: { keep: stored.auth },
    });
    const changed = parseEndpointInput(
      { headers: { 'X-Key': { secret: true, value: 'new' } }, auth: { type: 'basic', username: 'svc', password: 'n' } },
      current,
    );
    expect(changed.input).toEqual({
      headers: [{ name: 'X-Key', value: 'new', secret: true }],
      auth: { set: { type: 'basic', username: 'svc', password: 'n' } },
    });
    // A changed credential is given whole: the shown fields alone are not a credential.
    expect(
      parseEndpointInput({ auth: { type: 'basic', username: 'other' } }, current).errors.map((e) => e.code),
    ).toEqual(['REQUIRED']);
  });

  it('compares as JSON, whatever objects hold the values', () => {
    expect(sameJson({ a: 1, b: { c: [1, 2] } }, structuredClone({ b: { c: [1, 2] }, a: 1 }))).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
  });
});

describe('what egress does with credentials', () => {
  it('writes Basic and bearer Authorization headers, nothing for OAuth2 (a token) or mTLS', () => {
    expect(staticAuthorization({ type: 'basic', username: 'a', password: 'p:é' })).toBe(
      `Basic ${Buffer.from('a:p:é', 'utf8').toString('base64')}`,
    );
    expect(staticAuthorization({ type: 'bearer', token: 't' })).toBe('Bearer t');
    expect(staticAuthorization({ type: 'mtls', certificate: '', private_key: '' })).toBeUndefined();
    expect(staticAuthorization(undefined)).toBeUndefined();
  });

  it('calls a refused client certificate auth_error only when one was presented', () => {
    const alert = Object.assign(new Error('tlsv1 alert unknown ca'), { code: 'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA' });
    expect(classifyEgressError(alert, true).outcome).toBe('auth_error');
    expect(classifyEgressError(alert, false).outcome).toBe('tls_error');
  });

  it('retries auth_error on the schedule without counting it against the endpoint', () => {
    expect(classifyResult({ outcome: 'auth_error', status: 401 })).toBe('unauthenticated');
    expect(countsAgainstEndpoint('unauthenticated')).toBe(false);
    const policy = new RetryPolicy({
      tiers: [{ label: '1s', ms: 1000, topic: 'r1' }],
      jitterRatio: 0,
      retryAfterMaxMs: 5000,
    });
    expect(policy.next(1, { outcome: 'auth_error', status: 401, headers: { 'retry-after': '60' } }, 0)).toEqual({
      action: 'retry',
      topic: 'r1',
      tier: '1s',
      dueAt: 1000,
    });
    expect(policy.next(2, { outcome: 'auth_error' }, 0)).toEqual({ action: 'exhausted' });
  });
});
