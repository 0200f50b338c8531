import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import {
  ed25519PublicKey,
  ed25519SigningKey,
  signDelivery,
  signWithKeys,
  standardWebhooksKey,
} from '../../src/platform/egress/signer.js';

const body = JSON.stringify({ id: 'evt_1', type: 'order.created', created_at: '2025-01-01T00:00:00Z', data: { a: 1 } });
const now = Math.floor(Date.now() / 1000);
const whsec = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
const plain = 'plain-secret-of-sufficient-length';

const hex = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest('hex');

describe('signDelivery', () => {
  it('produces the three header families for one secret', () => {
    const headers = signDelivery({ msgId: 'evt_1', timestamp: now, body, secrets: [plain] });
    expect(headers['x-signature']).toBe(`sha256=${hex(plain, body)}`);
    expect(headers['x-webhook-signature']).toBe(`t=${now},v1=${hex(plain, `${now}.${body}`)}`);
    expect(headers['webhook-id']).toBe('evt_1');
    expect(headers['webhook-timestamp']).toBe(String(now));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
  });

  it('verifies with the standardwebhooks library for a whsec_ secret', () => {
    const headers = signDelivery({ msgId: 'msg_1', timestamp: now, body, secrets: [whsec] });
    expect(new Webhook(whsec).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it('verifies with the standardwebhooks library for a plain secret used as UTF-8 bytes', () => {
    const headers = signDelivery({ msgId: 'msg_1', timestamp: now, body, secrets: [plain] });
    expect(new Webhook(Buffer.from(plain, 'utf8'), { format: 'raw' }).verify(body, { ...headers })).toEqual(
      JSON.parse(body),
    );
  });

  it('carries one signature per valid secret during a rotation, each verifiable on its own', () => {
    const headers = signDelivery({ msgId: 'msg_2', timestamp: now, body, secrets: [whsec, plain] });
    expect(headers['x-signature']).toBe(`sha256=${hex(whsec, body)},sha256=${hex(plain, body)}`);
    expect(headers['x-webhook-signature'].split(',')).toEqual([
      `t=${now}`,
      `v1=${hex(whsec, `${now}.${body}`)}`,
      `v1=${hex(plain, `${now}.${body}`)}`,
    ]);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(() => new Webhook(whsec).verify(body, { ...headers })).not.toThrow();
    expect(() => new Webhook(Buffer.from(plain), { format: 'raw' }).verify(body, { ...headers })).not.toThrow();
  });

  it('fails verification when the body changes', () => {
    const headers = signDelivery({ msgId: 'msg_3', timestamp: now, body, secrets: [whsec] });
    expect(() => new Webhook(whsec).verify(`${body} `, { ...headers })).toThrow();
  });

  it('decodes only whsec_ secrets for the Standard Webhooks key', () => {
    expect(standardWebhooksKey(whsec).toString()).toBe('0123456789abcdef0123456789abcdef');
    expect(standardWebhooksKey(plain).toString()).toBe(plain);
  });

  it('refuses to sign without a secret', () => {
    expect(() => signDelivery({ msgId: 'x', timestamp: now, body, secrets: [] })).toThrow();
  });

  it('signs the Standard Webhooks specification’s v1a example exactly (Ed25519 of "<id>.<t>.<body>")', () => {
    // The key, message and signature of the specification's example header (also Svix's test).
    const key = Buffer.from(
      '6Xb/dCcHpPea21PS1N9VY/NZW723CEc77N4rJCubMbfVKIDij2HKpMKkioLlX0dRqSKJp4AJ6p9lMicMFs6Kvg==',
      'base64',
    );
    const seed = key.subarray(0, 32);
    expect(ed25519PublicKey(seed).equals(key.subarray(32))).toBe(true);
    const headers = signWithKeys(
      { msgId: 'msg_p5jXN8AQM9LWM0D4loKWxJek', timestamp: 1614265330, body: '{"test": 2432232314}' },
      [ed25519SigningKey(seed)],
    );
    expect(headers['webhook-signature']).toBe(
      'v1a,hnO3f9T8Ytu9HwrXslvumlUpqtNVqkhqw/enGzPCXe5BdqzCInXqYXFymVJaA7AZdpXwVLPo3mNl8EM+m7TBAg==',
    );
  });
});
