import { grants } from '../../src/modules/auth/api-key-token.js';
import { parseCreate, parsePatch } from '../../src/modules/event-types/event-type-input.js';
import { isEventTypeName, isWildcard } from '../../src/modules/event-types/event-type-name.js';
import { declaredType } from '../../src/modules/event-types/registry-source.js';
import { compileSchema } from '../../src/modules/event-types/schema-compiler.js';
import { AppConfig } from '../../src/platform/config/app-config.js';
import { AppError } from '../../src/platform/errors/app-error.js';

describe('event types: names, schemas, operator scope', () => {
  it('takes dotted lower-case names and well-formed wildcards only', () => {
    expect(['invoice.paid', 'a-b.c_d', 'shipment.item.delivered'].every(isEventTypeName)).toBe(true);
    expect(['invoice', 'Invoice.paid', 'invoice.', 'invoice..paid', 'invoice.*'].some(isEventTypeName)).toBe(false);
    expect(['*', 'invoice.*', 'shipment.item.*'].every(isWildcard)).toBe(true);
    expect(['invoice*', '.*', 'In voice.*', 'invoice.paid'].some(isWildcard)).toBe(false);
  });

  it('compiles a JSON Schema once and checks data against it', () => {
    const compiled = compileSchema('json-schema', { type: 'object', required: ['a'] });
    expect(compiled.check?.({ a: 1 })).toEqual([]);
    expect(compiled.check?.({})).toEqual(["/ must have required property 'a'"]);
    expect(compileSchema('json-schema', { type: 'nope' }).problems[0]).toMatchObject({ code: 'INVALID_SCHEMA' });
    expect(compileSchema('json-schema', [1]).problems[0]).toMatchObject({ field: 'schema' });
  });

  it('checks data against an Avro schema', () => {
    const avro = {
      type: 'record',
      name: 'S',
      fields: [
        { name: 'id', type: 'string' },
        { name: 'n', type: 'int' },
      ],
    };
    const compiled = compileSchema('avro', avro);
    expect(compiled.check?.({ id: 'x', n: 1 })).toEqual([]);
    expect(compiled.check?.({ id: 'x', n: 'one' })).toEqual(['/n does not match the Avro schema']);
    expect(compileSchema('avro', { type: 'record', fields: 3 }).problems[0].message).toMatch(/invalid Avro schema/);
  });

  it('reports every problem of a create body, and merges a patch over the current values', () => {
    const problems = (() => {
      try {
        parseCreate({ type: 'X', schema: 5, extra: 1 });
      } catch (error) {
        return (error as AppError).details.map((d) => d.code);
      }
    })();
    expect(problems).toEqual(['UNKNOWN_FIELD', 'INVALID_NAME', 'REQUIRED', 'INVALID_SCHEMA']);
    const current = { description: 'd', schema: { type: 'object' }, examples: [{}] };
    expect(parsePatch({ description: null }, current)).toEqual({ ...current, description: '' });
    expect(() => parsePatch({ schema: { type: 'string' } }, current)).toThrow(AppError);
  });

  it('reads a registry subject as a type declaration', () => {
    const json = { version: 3, schemaType: 'JSON', schema: JSON.stringify({ type: 'object', title: 'Delivered' }) };
    expect(declaredType('event-type.shipment.delivered', 'event-type.', json)).toMatchObject({
      type: 'shipment.delivered',
      schemaFormat: 'json-schema',
      registryVersion: 3,
      description: 'Delivered',
    });
    const avro = { version: 1, schema: JSON.stringify({ type: 'record', name: 'R', fields: [] }) };
    expect(declaredType('event-type.a.b', 'event-type.', avro)).toMatchObject({ schemaFormat: 'avro' });
    expect(declaredType('event-type.Nope', 'event-type.', json)).toMatch(/not a dotted/);
    expect(declaredType('event-type.a.b', 'event-type.', { ...json, schemaType: 'PROTOBUF' })).toMatch(/PROTOBUF/);
  });

  it('reads the catalog settings, refusing short operator keys and unknown modes', () => {
    const config = AppConfig.fromEnv({ OPERATOR_API_KEYS: 'aaaaaaaaaaaaaaaa, bbbbbbbbbbbbbbbb' });
    expect(config.api.operatorKeys).toEqual(['aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb']);
    expect(config.ingest.unknownTypes).toBe('deliver');
    expect(config.catalog.subjectPrefix).toBe('event-type.');
    expect(() => AppConfig.fromEnv({ OPERATOR_API_KEYS: 'short' })).toThrow(/OPERATOR_API_KEYS/);
    expect(() => AppConfig.fromEnv({ INGEST_UNKNOWN_TYPES: 'drop' })).toThrow(/INGEST_UNKNOWN_TYPES/);
  });

  it('gives the operator scope to operator keys only: admin does not imply it', () => {
    expect(grants(['admin'], 'write')).toBe(true);
    expect(grants(['admin'], 'operator')).toBe(false);
    expect(grants(['operator', 'read'], 'operator')).toBe(true);
  });
});
