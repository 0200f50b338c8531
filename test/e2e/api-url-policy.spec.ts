import { errorOf, expectErrorBody } from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';

/** Without EGRESS_ALLOW_CIDRS, only public addresses may be registered (SSRF protection). */
describe('REST /v1/webhooks URL policy (no allow-list)', () => {
  let h: PipelineHarness;

  beforeAll(async () => {
    h = await PipelineHarness.start({ env: { EGRESS_ALLOW_CIDRS: '' } });
  });
  afterAll(() => h?.close());

  const create = (body: { url: string; events: string[]; alert_url?: string; secret?: string }) =>
    h.api.POST('/webhooks', { body });

  it.each([
    ['an http:// URL', 'http://example.com/hook', 'NOT_HTTPS'],
    ['a private address', 'https://10.0.0.1/', 'BLOCKED_ADDRESS'],
    ['the IPv4-mapped form of loopback', 'https://[::ffff:127.0.0.1]/', 'BLOCKED_ADDRESS'],
    ['a name resolving to 127.0.0.1', 'https://localhost/hook', 'BLOCKED_ADDRESS'],
    ['loopback itself', 'https://127.0.0.1:8443/', 'BLOCKED_ADDRESS'],
    ['link-local metadata', 'https://169.254.169.254/latest', 'BLOCKED_ADDRESS'],
    ['NAT64 of a private address', 'https://[64:ff9b::a00:1]/', 'BLOCKED_ADDRESS'],
    ['6to4 of loopback', 'https://[2002:7f00:1::]/', 'BLOCKED_ADDRESS'],
    ['CGNAT', 'https://100.64.1.1/', 'BLOCKED_ADDRESS'],
    ['not a URL', 'not a url', 'INVALID_URL'],
    ['an unresolvable name', 'https://no-such-host.invalid/', 'UNRESOLVABLE_HOST'],
  ])('refuses %s with 422 and a detail naming url', async (_name, url, detailCode) => {
    const res = await create({ url, events: ['order.created'] });
    expectErrorBody(res, 422, 'VALIDATION_ERROR');
    expect(errorOf(res).details).toContainEqual(expect.objectContaining({ field: 'url', code: detailCode }));
  });

  it('sends no request and stores nothing for a refused URL', async () => {
    const res = await create({ url: h.receiver.url(), events: ['order.created'] });
    expectErrorBody(res, 422, 'VALIDATION_ERROR');
    expect(h.receiver.requests).toHaveLength(0);
    const stored = await h.fixtures.db.query('SELECT 1 FROM subscriptions WHERE tenant_id = $1', [h.tenant]);
    expect(stored.rowCount).toBe(0);
  });

  it('applies the same policy to alert_url and reports every problem at once', async () => {
    const res = await create({
      url: 'http://example.com',
      events: [],
      alert_url: 'https://192.168.1.1/alerts',
      secret: 'short',
    });
    expectErrorBody(res, 422, 'VALIDATION_ERROR');
    const fields = errorOf(res)
      .details.map((d: { field: string }) => d.field)
      .sort();
    expect(fields).toEqual(expect.arrayContaining(['alert_url', 'events', 'secret', 'url']));
  });
});
