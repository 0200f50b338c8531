import { randomBytes } from 'node:crypto';
import { errorOf, expectData, MERGE_PATCH } from '../support/api-client.js';
import {
  clientCertificate,
  requiring,
  testCa,
  TokenIssuer,
  type ClientCertificate,
  type TestCa,
} from '../support/endpoint-auth.js';
import { PipelineHarness } from '../support/harness.js';
import { HttpsReceiver, type ReceivedRequest } from '../support/https-receiver.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';

const secret = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;
const basicOf = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Every way an endpoint authenticates Hookline, against real servers the test starts: a receiver
 * that demands Basic, bearer or static headers, a local OAuth2 token endpoint issuing tokens that
 * expire within seconds in front of a receiver that checks them, and an HTTPS receiver that demands
 * a client certificate signed by the test's CA. Registration (its challenge) and every delivery
 * carry the credentials; a failed credential is `auth_error` in the delivery log, and retried.
 */
describe('endpoint authentication: headers, Basic, bearer, OAuth2 client credentials, mTLS', () => {
  let h: PipelineHarness;
  let tokens: TokenIssuer;
  let mtls: HttpsReceiver;
  let ca: TestCa;
  let cert: ClientCertificate;
  /** Per path of the main receiver: whether a request is let in (401 otherwise). */
  const rules = new Map<string, (req: ReceivedRequest) => boolean>();
  /** Every delivery the main receiver let in or refused, as judged when it arrived. */
  const verdicts: { path: string; eventId: string; ok: boolean }[] = [];
  const password = secret('pw');
  const bearer = secret('bt');
  const apiKey = secret('hk');
  const clientSecret = secret('cs');

  beforeAll(async () => {
    h = await PipelineHarness.start();
    h.receiver.responder = (req) => {
      const ok = (rules.get(req.path) ?? (() => true))(req);
      if (!req.body.includes('url_verification'))
        verdicts.push({ path: req.path, eventId: req.headers['webhook-id'], ok });
      return requiring(() => ok)(req);
    };
    tokens = new TokenIssuer(await new HttpsReceiver(h.receiver).start(), 'hookline-client', clientSecret);
    ca = await testCa();
    cert = await clientCertificate(ca);
    mtls = await new HttpsReceiver(h.receiver, { clientCa: ca.cert }).start();
  });
  afterAll(async () => {
    await Promise.all([tokens?.server.stop(), mtls?.stop()]);
    await h?.close();
  });

  const create = async (path: string, extra: object, receiver = h.receiver) =>
    h.api.POST('/webhooks', { body: { url: receiver.url(path), events: ['order.*'], ...extra } as never });
  const created = async (path: string, extra: object, receiver?: HttpsReceiver) =>
    expectData(await create(path, extra, receiver), 201);
  const attempts = async (id: string) =>
    expectData(await h.api.GET('/webhooks/{id}/deliveries', { params: { path: { id }, query: { limit: 100 } } }), 200)
      .data;
  const deliveredTo = (path: string, eventId: string, receiver = h.receiver) =>
    receiver.deliveries(path).some((r) => r.headers['webhook-id'] === eventId);
  /** The main receiver let the event in (a refused request arrives too, and is recorded). */
  const accepted = (path: string, eventId: string) =>
    verdicts.some((v) => v.path === path && v.eventId === eventId && v.ok);

  it('Basic, bearer and static headers reach the endpoint, from the challenge on; secrets are never shown', async () => {
    rules.set('/basic', (r) => r.headers.authorization === basicOf('svc', password));
    rules.set('/bearer', (r) => r.headers.authorization === `Bearer ${bearer}`);
    rules.set(
      '/headers',
      (r) =>
        r.headers['x-api-key'] === apiKey &&
        r.headers['x-tenant'] === 'acme' &&
        r.headers.authorization === `Bearer ${bearer}`,
    );
    const basic = await created('/basic', { auth: { type: 'basic', username: 'svc', password } });
    const token = await created('/bearer', { auth: { type: 'bearer', token: bearer } });
    const headers = await created('/headers', {
      // Authorization written as a plain string: a credential all the same, kept secret.
      headers: { 'X-Tenant': 'acme', 'X-Api-Key': { value: apiKey, secret: true }, Authorization: `Bearer ${bearer}` },
    });
    expect(basic.auth).toEqual({ type: 'basic', username: 'svc' });
    expect(token.auth).toEqual({ type: 'bearer' });
    expect(headers.headers).toEqual({
      'X-Tenant': { secret: false, value: 'acme' },
      'X-Api-Key': { secret: true },
      Authorization: { secret: true },
    });

    const event = envelope('order.created', { order_id: 'o-1' });
    await h.publish([event]);
    await eventually(
      () => ['/basic', '/bearer', '/headers'].every((p) => deliveredTo(p, event.id)),
      20_000,
      'deliveries',
    );
    expect(verdicts.filter((v) => v.eventId === event.id).every((v) => v.ok)).toBe(true);
    const delivered = h.receiver.deliveries('/headers').find((r) => r.headers['webhook-id'] === event.id)!;
    expect(delivered.headers['x-signature']).toMatch(/^sha256=/);

    // The delivery log's rebuilt request names the static headers and the credential, secrets masked.
    await eventually(
      async () => (await attempts(headers.id)).length > 0 && (await attempts(basic.id)).length > 0,
      10_000,
    );
    const rebuilt = async (id: string) =>
      (await h.api.raw.get(`/v1/webhooks/${id}/deliveries/${(await attempts(id))[0].id}`)).body.request.headers;
    expect(await rebuilt(headers.id)).toMatchObject({
      'X-Tenant': 'acme',
      'X-Api-Key': '••••••',
      Authorization: '••••••',
    });
    expect((await rebuilt(basic.id)).authorization).toBe('Basic ••••••');

    for (const id of [basic.id, token.id, headers.id]) {
      const read = await h.api.raw.get(`/v1/webhooks/${id}`);
      for (const s of [password, bearer, apiKey]) expect(read.text).not.toContain(s);
    }
    const list = await h.api.raw.get('/v1/webhooks?limit=100');
    for (const s of [password, bearer, apiKey]) expect(list.text).not.toContain(s);
  });

  it('a wrong credential fails the challenge: nothing is stored', async () => {
    rules.set('/strict', (r) => r.headers.authorization === basicOf('svc', password));
    const answer = await create('/strict', { auth: { type: 'basic', username: 'svc', password: 'not-it' } });
    expect(answer.response.status).toBe(422);
    expect(errorOf(answer)).toMatchObject({ code: 'URL_VERIFICATION_FAILED' });
    expect(errorOf(answer).message).toContain('HTTP 401');
  });

  it('refuses reserved header names with 422, every one named', async () => {
    const answer = await create('/reserved', {
      auth: { type: 'bearer', token: bearer },
      headers: {
        'Webhook-Id': 'x',
        'content-type': 'text/plain',
        Host: 'evil',
        Connection: 'close',
        Authorization: 'x',
        'User-Agent': 'evil-agent',
        Expect: '100-continue',
        'Proxy-Status': 'x',
      },
    });
    expect(answer.response.status).toBe(422);
    const fields = errorOf(answer).details.map((d: { field: string; code: string }) => `${d.field} ${d.code}`);
    expect(fields.sort()).toEqual([
      'headers.Authorization CONFLICTS_WITH_AUTH',
      'headers.Connection RESERVED_HEADER',
      'headers.Expect RESERVED_HEADER',
      'headers.Host RESERVED_HEADER',
      'headers.Proxy-Status RESERVED_HEADER',
      'headers.User-Agent RESERVED_HEADER',
      'headers.Webhook-Id RESERVED_HEADER',
      'headers.content-type RESERVED_HEADER',
    ]);
  });

  it('PATCH replaces a credential (checked by a challenge) and keeps a secret header it does not name', async () => {
    const next = secret('pw2');
    rules.set(
      '/rotating',
      (r) => r.headers.authorization === basicOf('svc', password) && r.headers['x-key'] === apiKey,
    );
    const sub = await created('/rotating', {
      auth: { type: 'basic', username: 'svc', password },
      headers: { 'X-Key': { value: apiKey, secret: true } },
    });
    rules.set('/rotating', (r) => r.headers.authorization === basicOf('svc', next) && r.headers['x-key'] === apiKey);
    const patch = (body: object) => h.api.raw.patch(`/v1/webhooks/${sub.id}`, body, MERGE_PATCH['content-type']);
    // The old password no longer passes the endpoint: a patch that does not replace it is refused.
    expect((await patch({ description: 'x', auth: { type: 'basic', username: 'svc', password } })).status).toBe(422);
    const answer = await patch({ auth: { type: 'basic', username: 'svc', password: next } });
    expect(answer.status).toBe(200);
    expect(answer.body.auth).toEqual({ type: 'basic', username: 'svc' });
    expect(answer.body.headers).toEqual({ 'X-Key': { secret: true } });
    expect(answer.text).not.toContain(next);
    const event = envelope('order.updated', {});
    await h.publish([event]);
    await eventually(() => deliveredTo('/rotating', event.id), 20_000, 'the delivery with the new password');
    expect(verdicts.find((v) => v.eventId === event.id && v.path === '/rotating')?.ok).toBe(true);
  });

  it('OAuth2: 12 events over 15 s with 5-second tokens all arrive with a valid token, tokens shared and fetched one at a time', async () => {
    rules.set('/oauth', (r) => tokens.accepts(r.headers.authorization));
    const auth = {
      type: 'oauth2_client_credentials',
      token_url: tokens.url,
      client_id: 'hookline-client',
      client_secret: clientSecret,
    };
    const sub = await created('/oauth', { auth });
    expect(sub.auth).toEqual({ ...auth, client_secret: undefined, scope: null, audience: null, client_auth: 'basic' });
    const before = tokens.requests;
    const events = Array.from({ length: 12 }, (_, i) => envelope('order.created', { n: i }));
    for (const event of events) {
      await h.publish([event]);
      await sleep(1_250);
    }
    await eventually(() => events.every((e) => accepted('/oauth', e.id)), 20_000, 'all 12 deliveries');
    const oauth = verdicts.filter((v) => v.path === '/oauth');
    expect(oauth.filter((v) => events.some((e) => e.id === v.eventId)).every((v) => v.ok)).toBe(true);
    const log = await attempts(sub.id);
    expect(log.filter((a) => a.outcome === 'success' && a.attempt === 1)).toHaveLength(12);
    // A 5 s token is used for 2.5 s: several were fetched over 15 s, far fewer than one per event.
    expect(tokens.requests - before).toBeGreaterThanOrEqual(4);
    expect(tokens.requests - before).toBeLessThan(12);
    expect(tokens.mostInFlight).toBe(1);

    // A burst once the token is stale: every delivery waits for the one token request.
    await sleep(3_000);
    const burst = Array.from({ length: 20 }, () => envelope('order.updated', {}));
    const asked = tokens.requests;
    await h.publish(burst);
    await eventually(() => burst.every((e) => accepted('/oauth', e.id)), 20_000, 'the burst');
    expect(tokens.requests - asked).toBe(1);
    expect(tokens.mostInFlight).toBe(1);

    // A token the endpoint stops taking (revoked) is refreshed once, within the same attempt.
    tokens.revokeAll();
    const refreshed = envelope('order.updated', {});
    const asked2 = tokens.requests;
    await h.publish([refreshed]);
    await eventually(() => accepted('/oauth', refreshed.id), 20_000, 'the delivery after a refresh');
    expect(tokens.requests - asked2).toBe(1);
    const rows = async () => (await attempts(sub.id)).filter((a) => a.event_id === refreshed.id);
    await eventually(async () => (await rows()).length > 0, 10_000, 'the attempt on record');
    expect((await rows()).map((a) => [a.attempt, a.outcome])).toEqual([[1, 'success']]);
  }, 90_000);

  it('a token endpoint that refuses the client is auth_error in the log, retried until it gives tokens again', async () => {
    const sub = await created('/oauth-refused', {
      auth: {
        type: 'oauth2_client_credentials',
        token_url: tokens.url,
        client_id: 'hookline-client',
        client_secret: clientSecret,
      },
    });
    rules.set('/oauth-refused', (r) => tokens.accepts(r.headers.authorization));
    tokens.refusing = true;
    tokens.revokeAll();
    await sleep(3_000); // the cached token is past its use
    const event = envelope('order.created', {});
    await h.publish([event]);
    await eventually(
      async () => (await attempts(sub.id)).some((a) => a.event_id === event.id),
      20_000,
      'the failed attempt',
    );
    const [failed] = (await attempts(sub.id)).filter((a) => a.event_id === event.id);
    expect(failed).toMatchObject({ outcome: 'auth_error', status_code: null, attempt: 1 });
    expect(failed.error).toContain('token endpoint answered HTTP 401 (invalid_client)');
    expect(failed.next_attempt_at).not.toBeNull();
    tokens.refusing = false;
    await eventually(() => accepted('/oauth-refused', event.id), 20_000, 'the retried delivery');
    // The attempt row follows the request (rows are written in batches).
    const outcomes = async () => (await attempts(sub.id)).filter((a) => a.event_id === event.id).map((a) => a.outcome);
    await eventually(async () => (await outcomes()).includes('success'), 10_000, 'the success on record');
    expect(await outcomes()).toEqual(expect.arrayContaining(['auth_error', 'success']));
  }, 60_000);

  it('a revoked Basic password is auth_error with the 401, and retried', async () => {
    let current = password;
    rules.set('/revoked', (r) => r.headers.authorization === basicOf('svc', current));
    const sub = await created('/revoked', { auth: { type: 'basic', username: 'svc', password } });
    current = 'rotated-elsewhere';
    const event = envelope('order.created', {});
    await h.publish([event]);
    await eventually(
      async () => (await attempts(sub.id)).some((a) => a.event_id === event.id),
      20_000,
      'the refused attempt',
    );
    const [refused] = (await attempts(sub.id)).filter((a) => a.event_id === event.id);
    expect(refused).toMatchObject({ outcome: 'auth_error', status_code: 401 });
    current = password;
    await eventually(
      async () => (await attempts(sub.id)).some((a) => a.event_id === event.id && a.outcome === 'success'),
      20_000,
      'the retried delivery',
    );
  });

  it('mTLS: the client certificate is presented on the challenge and every delivery; a refused one is auth_error', async () => {
    const without = await create('/mtls', {}, mtls);
    expect(without.response.status).toBe(422);
    expect(errorOf(without).code).toBe('URL_VERIFICATION_FAILED');

    const auth = { type: 'mtls', certificate: cert.certificate, private_key: cert.privateKey };
    const sub = await created('/mtls', { auth }, mtls);
    expect(sub.auth).toMatchObject({
      type: 'mtls',
      certificate: {
        fingerprint_sha256: cert.fingerprint,
        expires_soon: false,
        not_after: cert.notAfter.toISOString(),
      },
    });
    expect(JSON.stringify(sub)).not.toContain('PRIVATE KEY');
    const event = envelope('order.created', {});
    await h.publish([event]);
    await eventually(() => deliveredTo('/mtls', event.id, mtls), 20_000, 'the mTLS delivery');
    expect(mtls.requests.every((r) => r.clientCertificate === cert.fingerprint)).toBe(true);
  });

  it('mTLS: an expired client certificate is auth_error, retried until PATCH gives a new one', async () => {
    const brief = await clientCertificate(ca, 'brief', new Date(Date.now() + 6_000));
    const sub = await created(
      '/mtls-brief',
      { auth: { type: 'mtls', certificate: brief.certificate, private_key: brief.privateKey } },
      mtls,
    );
    await sleep(Math.max(0, brief.notAfter.getTime() - Date.now()) + 500);
    const event = envelope('order.updated', {});
    await h.publish([event]);
    await eventually(
      async () => (await attempts(sub.id)).some((a) => a.event_id === event.id),
      20_000,
      'the refused attempt',
    );
    const [first] = (await attempts(sub.id)).filter((a) => a.event_id === event.id);
    expect(first).toMatchObject({ outcome: 'auth_error', status_code: null });
    expect(first.error).toContain('client certificate expired');
    expect(first.next_attempt_at).not.toBeNull();
    const renewed = await clientCertificate(ca, 'renewed');
    const patched = await h.api.raw.patch(
      `/v1/webhooks/${sub.id}`,
      { auth: { type: 'mtls', certificate: renewed.certificate, private_key: renewed.privateKey } },
      MERGE_PATCH['content-type'],
    );
    expect(patched.status).toBe(200);
    await eventually(() => deliveredTo('/mtls-brief', event.id, mtls), 20_000, 'the retried delivery');
    const presented = mtls.deliveries('/mtls-brief').find((r) => r.headers['webhook-id'] === event.id)!;
    expect(presented.clientCertificate).toBe(renewed.fingerprint);
  });

  it('a certificate near expiry shows in the view and in the metrics', async () => {
    const soon = await clientCertificate(ca, 'expiring', new Date(Date.now() + 10 * 86_400_000));
    const sub = await created(
      '/mtls-soon',
      { auth: { type: 'mtls', certificate: soon.certificate, private_key: soon.privateKey } },
      mtls,
    );
    expect(sub.auth).toMatchObject({ type: 'mtls', certificate: { expires_soon: true } });
    const metrics = await h.scrape();
    expect(Number(/^hookline_mtls_certificates_expiring (\d+)/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(1);
    expect(metrics).toMatch(/^hookline_mtls_certificate_expiry_timestamp_seconds\{subscription_id="[^"]+"\} \d+/m);
    const expired = await clientCertificate(ca, 'expired', new Date(Date.now() + 2_000));
    await sleep(2_500);
    const refused = await create(
      '/mtls-expired',
      { auth: { type: 'mtls', certificate: expired.certificate, private_key: expired.privateKey } },
      mtls,
    );
    expect(refused.response.status).toBe(422);
    expect(errorOf(refused).details).toEqual([
      expect.objectContaining({ field: 'auth.certificate', code: 'INVALID_CERTIFICATE' }),
    ]);
  });
});
