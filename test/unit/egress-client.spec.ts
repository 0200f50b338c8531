import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { EgressClient } from '../../src/platform/egress/egress-client.js';
import { EgressGuard } from '../../src/platform/egress/egress-guard.js';
import { endpointCredentials } from '../../src/platform/egress/endpoint-credentials.js';
import { USER_AGENT } from '../../src/platform/egress/user-agent.js';
import { IpPolicy } from '../../src/platform/egress/ip-policy.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { testConfig } from '../support/test-config.js';

/** The client against a real HTTPS server on loopback; the allow-list decides what loopback means. */
describe('EgressClient', () => {
  const receiver = new HttpsReceiver();
  let client: EgressClient;
  let strict: EgressClient;
  let untrusting: EgressClient;

  const make = (vars: Record<string, string>) => {
    const config = testConfig(vars);
    return new EgressClient(config, new EgressGuard(new IpPolicy(config.egress.allowCidrs)));
  };

  beforeAll(async () => {
    await receiver.start();
    client = make({ EGRESS_CA_FILE: receiver.caFile, EGRESS_ALLOW_CIDRS: '127.0.0.0/8,::1/128' });
    strict = make({ EGRESS_CA_FILE: receiver.caFile, EGRESS_ALLOW_CIDRS: '' });
    untrusting = make({ EGRESS_ALLOW_CIDRS: '127.0.0.0/8' });
  });

  afterAll(async () => {
    await Promise.all([client, strict, untrusting].map((c) => c.onModuleDestroy()));
    await receiver.stop();
  });

  it('posts the body with the given headers and reports success', async () => {
    receiver.responder = () => ({ status: 200, body: '{"ok":true}', headers: { 'x-reply': 'yes' } });
    const result = await client.post(receiver.url('/ok'), { body: '{"a":1}', headers: { 'x-signature': 'sha256=00' } });
    expect(result).toMatchObject({ outcome: 'success', status: 200, bodySnippet: '{"ok":true}' });
    expect(result.headers['x-reply']).toBe('yes');
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    const seen = receiver.requests.at(-1)!;
    expect(seen).toMatchObject({ method: 'POST', path: '/ok', body: '{"a":1}' });
    expect(seen.headers['x-signature']).toBe('sha256=00');
    expect(seen.headers['content-type']).toBe('application/json');
  });

  it('sends one User-Agent, Hookline/<version>, whatever the request and static headers say', async () => {
    receiver.responder = () => ({ status: 200 });
    // A static User-Agent stored before the name was reserved, and a request header in another case.
    const credentials = endpointCredentials('sub-ua', { 'User-Agent': 'evil-agent', 'X-Tenant': 'acme' }, undefined);
    await client.post(receiver.url('/ua'), { body: '{}', headers: { 'USER-AGENT': 'other' }, credentials });
    await client.post(receiver.url('/ua'), { body: '{}' });
    for (const seen of receiver.requests.slice(-2)) {
      const agents = seen.rawHeaders.filter((_, i) => i % 2 === 0 && seen.rawHeaders[i].toLowerCase() === 'user-agent');
      expect(agents).toHaveLength(1);
      expect(seen.headers['user-agent']).toBe(USER_AGENT);
    }
    expect(USER_AGENT).toMatch(/^Hookline\/\d+\.\d+\.\d+/);
    expect(receiver.requests.at(-2)!.headers['x-tenant']).toBe('acme');
  });

  it('reports a non-2xx answer as http_error with its status', async () => {
    receiver.responder = () => ({ status: 500, body: 'boom' });
    expect(await client.post(receiver.url(), { body: '{}' })).toMatchObject({
      outcome: 'http_error',
      status: 500,
      bodySnippet: 'boom',
    });
  });

  it('does not follow redirects', async () => {
    receiver.responder = () => ({ status: 302, headers: { location: 'https://127.0.0.1:1/elsewhere' } });
    const before = receiver.requests.length;
    expect(await client.post(receiver.url(), { body: '{}' })).toMatchObject({ outcome: 'http_error', status: 302 });
    expect(receiver.requests.length).toBe(before + 1);
  });

  it('reads at most 64 KiB and keeps a 4 KiB snippet', async () => {
    receiver.responder = () => ({ status: 200, body: 'x'.repeat(1024 * 1024) });
    const result = await client.post(receiver.url(), { body: '{}' });
    expect(result.outcome).toBe('success');
    expect(result.bodySnippet).toHaveLength(4096);
  });

  it('times out when the endpoint is slower than the per-call deadline', async () => {
    receiver.responder = () => ({ status: 200, delayMs: 800 });
    const result = await client.post(receiver.url(), { body: '{}', timeoutMs: 200 });
    expect(result.outcome).toBe('timeout');
    expect(result.durationMs).toBeLessThan(700);
  });

  it('cuts the requests in flight at the shutdown, and fails a later one at once, each marked as cut', async () => {
    receiver.responder = () => ({ status: 200, delayMs: 10_000 });
    const stopping = make({ EGRESS_CA_FILE: receiver.caFile, EGRESS_ALLOW_CIDRS: '127.0.0.0/8' });
    const held = stopping.post(receiver.url('/held'), { body: '{}' });
    await new Promise((r) => setTimeout(r, 300));
    const cutAt = performance.now();
    stopping.cutInFlight();
    expect(await held).toMatchObject({ outcome: 'timeout', cutByShutdown: true });
    expect((await held).errorMessage).toContain('cut by the shutdown');
    expect(performance.now() - cutAt).toBeLessThan(1_000);
    expect(await stopping.post(receiver.url('/later'), { body: '{}' })).toMatchObject({ cutByShutdown: true });
    // Nothing left pending: the agent closes at once.
    await stopping.onModuleDestroy();
    expect(performance.now() - cutAt).toBeLessThan(2_000);
  });

  it('marks a delivery whose OAuth2 token request the shutdown cut as cut, not as an authentication failure', async () => {
    receiver.responder = (req) => (req.path === '/token' ? { status: 200, delayMs: 10_000 } : { status: 200 });
    const stopping = make({ EGRESS_CA_FILE: receiver.caFile, EGRESS_ALLOW_CIDRS: '127.0.0.0/8' });
    const auth = {
      type: 'oauth2_client_credentials' as const,
      token_url: receiver.url('/token'),
      client_id: 'hookline',
      client_secret: 'secret',
      client_auth: 'basic' as const,
    };
    const held = stopping.post(receiver.url('/oauth-held'), {
      body: '{}',
      credentials: endpointCredentials('sub-cut-token', {}, auth),
    });
    await new Promise((r) => setTimeout(r, 300));
    stopping.cutInFlight();
    expect(await held).toMatchObject({ outcome: 'timeout', cutByShutdown: true });
    expect(receiver.requests.filter((r) => r.path === '/oauth-held')).toHaveLength(0);
    await stopping.onModuleDestroy();
  });

  it('keeps one deadline for the whole exchange, however steadily the body trickles in; the status still counts', async () => {
    receiver.responder = (req) => ({ status: req.path === '/gone' ? 410 : 200, body: 'x'.repeat(40), dripEveryMs: 50 });
    const accepted = await client.post(receiver.url(), { body: '{}', timeoutMs: 500 });
    expect(accepted).toMatchObject({ outcome: 'success', status: 200, bodySnippet: '' });
    expect(accepted.errorMessage).toMatch(/^the body did not end: .*within 500 ms/);
    expect(accepted.durationMs).toBeLessThan(1500);
    const gone = await client.post(receiver.url('/gone'), { body: '{}', timeoutMs: 500 });
    expect(gone).toMatchObject({ outcome: 'http_error', status: 410 });
    expect(gone.errorMessage).toMatch(/^endpoint answered HTTP 410; the body did not end/);
  });

  it('refuses a loopback IP literal when no allow-list covers it', async () => {
    const before = receiver.requests.length;
    const result = await strict.post(receiver.url(), { body: '{}' });
    expect(result.outcome).toBe('blocked');
    expect(result.errorMessage).toContain('loopback');
    expect(receiver.requests.length).toBe(before);
  });

  it('refuses a name that resolves to loopback when no allow-list covers it', async () => {
    const result = await strict.post(`https://localhost:${receiver.port}/`, { body: '{}' });
    expect(result.outcome).toBe('blocked');
  });

  it('refuses the IPv4-mapped form of loopback', async () => {
    const result = await strict.post(`https://[::ffff:127.0.0.1]:${receiver.port}/`, { body: '{}' });
    expect(result.outcome).toBe('blocked');
  });

  it('refuses plain http without connecting', async () => {
    const result = await client.post(`http://127.0.0.1:${receiver.port}/`, { body: '{}' });
    expect(result).toMatchObject({ outcome: 'blocked', errorMessage: 'only https URLs are allowed, not http:' });
  });

  it('reports an untrusted certificate as tls_error', async () => {
    receiver.responder = () => ({ status: 200 });
    expect((await untrusting.post(receiver.url(), { body: '{}' })).outcome).toBe('tls_error');
  });

  it('reports a refused connection as connect_error', async () => {
    const server: Server = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as AddressInfo).port;
    await new Promise((r) => server.close(r));
    expect((await client.post(`https://127.0.0.1:${port}/`, { body: '{}' })).outcome).toBe('connect_error');
  });

  it('reports an unknown host as dns_error', async () => {
    expect((await client.post('https://no-such-host.invalid/', { body: '{}' })).outcome).toBe('dns_error');
  });
});
