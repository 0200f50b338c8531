import fc from 'fast-check';
import { checkEnvelope, envelopeProblems, isTimestamp } from '../../../src/modules/events/envelope.js';
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

const fieldsOf = (value: unknown) => envelopeProblems(value).map((p) => p.field);

const nested = (levels: number): Record<string, unknown> => {
  let data: Record<string, unknown> = {};
  for (let i = 1; i < levels; i++) data = { n: data };
  return data;
};

describe('envelope checks', () => {
  it('accepts a valid envelope and parses data carried as a JSON string (Avro)', () => {
    expect(checkEnvelope(valid)).toEqual(valid);
    expect(checkEnvelope({ ...valid, data: '{"a":1}', tenant_id: 'acme' })).toEqual({
      ...valid,
      tenant_id: 'acme',
      dataJson: '{"a":1}',
    });
    expect(checkEnvelope({ ...valid, created_at: '2026-01-02T03:04:05+02:00' }).created_at).toBe(
      '2026-01-02T03:04:05+02:00',
    );
  });

  it('names every problem at once, each with its field', () => {
    const reason = reasonOf(() =>
      checkEnvelope({ id: 'x'.repeat(256), type: 'nodots', created_at: 'yesterday', data: [] }),
    );
    expect(reason).toMatch(/^invalid_envelope: /);
    expect(reason).toMatch(/id must be/);
    expect(reason).toMatch(/dotted name/);
    expect(reason).toMatch(/created_at/);
    expect(reason).toMatch(/data must be an object/);
    expect(fieldsOf({ id: 'x'.repeat(256), type: 'nodots', created_at: 'yesterday', data: [] })).toEqual([
      'id',
      'type',
      'created_at',
      'data',
    ]);
    expect(reasonOf(() => checkEnvelope([1]))).toMatch(/^invalid_envelope/);
    expect(reasonOf(() => checkEnvelope({ ...valid, created_at: '2026-01-02T03:04:05' }))).toMatch(/created_at/);
  });

  it('takes ids that an HTTP header can carry, and only those', () => {
    const headerSafe = fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)) });
    fc.assert(
      fc.property(
        headerSafe.filter((id) => id.length >= 1 && id.length <= 255),
        (id) => {
          expect(fieldsOf({ ...valid, id })).toEqual([]);
          expect(() => new Headers({ 'webhook-id': id })).not.toThrow();
        },
      ),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1 }), (id) => {
        const carried = /^[\x21-\x7e]{1,255}$/.test(id);
        expect(fieldsOf({ ...valid, id })).toEqual(carried ? [] : ['id']);
      }),
    );
    for (const id of ['évt', 'evt\u0100', 'evt 1', 'evt\u0000', '', 'x'.repeat(256), '\ud800'])
      expect(fieldsOf({ ...valid, id })).toEqual(['id']);
  });

  it('takes a created_at only when it is a real instant with a zone', () => {
    for (const ok of [
      '2024-02-29T00:00:00Z',
      '2026-01-02T03:04Z',
      '2026-01-02T03:04:05.123456789+05:30',
      '2026-01-02T03:04:05+0100',
      '0001-01-01T00:00:00Z',
    ])
      expect([ok, isTimestamp(ok)]).toEqual([ok, true]);
    for (const bad of [
      '2023-02-29T00:00:00Z',
      '2026-02-30T00:00:00Z',
      '2026-01-02T24:00:00Z',
      '2026-01-02T03:60:00Z',
      '2026-01-02T03:04:60Z',
      '0000-01-01T00:00:00Z',
      '2026-01-02T03:04:05+24:00',
      '2026-01-02T03:04:05.1234567890Z',
      '2026-01-02 03:04:05Z',
    ])
      expect([bad, isTimestamp(bad)]).toEqual([bad, false]);
    fc.assert(
      fc.property(
        fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }),
        (d) => {
          expect(isTimestamp(d.toISOString())).toBe(true);
        },
      ),
    );
  });

  it('takes data up to 100 levels deep, and names the depth beyond', () => {
    expect(fieldsOf({ ...valid, data: nested(100) })).toEqual([]);
    expect(envelopeProblems({ ...valid, data: nested(101) })).toEqual([
      expect.objectContaining({ field: 'data', code: 'TOO_DEEP' }),
    ]);
  });

  it('takes the tenant from the header, then the envelope, then the default', () => {
    expect(resolveTenant('h', 'e', 'd')).toBe('h');
    expect(resolveTenant(undefined, 'e', 'd')).toBe('e');
    expect(resolveTenant(undefined, undefined, 'd')).toBe('d');
    expect(reasonOf(() => resolveTenant(undefined, undefined, ''))).toMatch(/^no_tenant/);
    expect(reasonOf(() => resolveTenant('bad tenant!', undefined, ''))).toMatch(/^no_tenant/);
  });
});
