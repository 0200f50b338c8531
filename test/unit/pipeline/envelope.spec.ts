import { checkEnvelope } from '../../../src/modules/events/envelope.js';
import { PoisonMessageError } from '../../../src/modules/events/ingest-errors.js';
import { resolveTenant } from '../../../src/modules/events/tenant.js';

const valid = { id: 'evt_1', type: 'order.created', created_at: '2026-01-02T03:04:05.678Z', data: { a: 1 } };

const reasonOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof PoisonMessageError ? `${error.reason}: ${error.message}` : String(error);
  }
  return 'accepted';
};

describe('envelope checks', () => {
  it('accepts a valid envelope and parses data carried as a JSON string (Avro)', () => {
    expect(checkEnvelope(valid)).toEqual(valid);
    expect(checkEnvelope({ ...valid, data: '{"a":1}', tenant_id: 'acme' })).toEqual({ ...valid, tenant_id: 'acme' });
    expect(checkEnvelope({ ...valid, created_at: '2026-01-02T03:04:05+02:00' }).created_at).toBe(
      '2026-01-02T03:04:05+02:00',
    );
  });

  it('names every problem at once', () => {
    const reason = reasonOf(() =>
      checkEnvelope({ id: 'x'.repeat(256), type: 'nodots', created_at: 'yesterday', data: [] }),
    );
    expect(reason).toMatch(/^invalid_envelope: /);
    expect(reason).toMatch(/id must be/);
    expect(reason).toMatch(/dotted name/);
    expect(reason).toMatch(/created_at/);
    expect(reason).toMatch(/data must be an object/);
    expect(reasonOf(() => checkEnvelope([1]))).toMatch(/^invalid_envelope/);
    expect(reasonOf(() => checkEnvelope({ ...valid, created_at: '2026-01-02T03:04:05' }))).toMatch(/created_at/);
  });

  it('takes the tenant from the header, then the envelope, then the default', () => {
    expect(resolveTenant('h', 'e', 'd')).toBe('h');
    expect(resolveTenant(undefined, 'e', 'd')).toBe('e');
    expect(resolveTenant(undefined, undefined, 'd')).toBe('d');
    expect(reasonOf(() => resolveTenant(undefined, undefined, ''))).toMatch(/^no_tenant/);
    expect(reasonOf(() => resolveTenant('bad tenant!', undefined, ''))).toMatch(/^no_tenant/);
  });
});
