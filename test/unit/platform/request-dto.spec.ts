import 'reflect-metadata';
import fc from 'fast-check';
import { checkedBody, toRequestDto } from '../../../src/platform/http/request-dto.js';
import { FilterTestDto } from '../../../src/modules/subscriptions/filter-test.dto.js';
import { CreateSubscriptionDto } from '../../../src/modules/subscriptions/subscription.dto.js';

const INHERITED = Object.getOwnPropertyNames(Object.prototype).filter((name) => name !== '__proto__');
/** Member names a client may choose, the awkward ones often. */
const clientName = fc.oneof(fc.constantFrom(...INHERITED), fc.string({ minLength: 1, maxLength: 12 }));

describe('request bodies as DTOs', () => {
  it('keeps free-form members exactly as sent, whatever their keys are called', () => {
    fc.assert(
      fc.property(fc.dictionary(clientName, fc.string(), { maxKeys: 8 }), (metadata) => {
        const body = { url: 'https://example.com/hooks', events: ['order.*'], metadata };
        const { dto, errors } = toRequestDto(CreateSubscriptionDto, body, ['metadata']);
        expect(errors).toEqual([]);
        expect(Object.entries(dto.metadata!)).toEqual(Object.entries(metadata));
        expect(dto).toBeInstanceOf(CreateSubscriptionDto);
      }),
    );
  });

  it('carries nested free-form members and leaves the body it was given unchanged', () => {
    const body = {
      filter: 'true',
      event: {
        type: 'order.created',
        data: { constructor: 'x', toString: { valueOf: 1 } },
        metadata: { hasOwnProperty: 'y' },
      },
    };
    const before = structuredClone(body);
    const { dto, errors } = toRequestDto(FilterTestDto, body, ['event.data', 'event.metadata']);
    expect(errors).toEqual([]);
    expect(dto.event.data).toEqual(body.event.data);
    expect(Object.hasOwn(dto.event.data, 'constructor')).toBe(true);
    expect(dto.event.metadata).toEqual({ hasOwnProperty: 'y' });
    expect(body).toEqual(before);
  });

  it('reports a member named like an inherited one as unknown where the DTO has fields', () => {
    for (const name of INHERITED) {
      const body = { url: 'https://example.com/hooks', events: ['order.*'], [name]: 'x' };
      const { errors } = toRequestDto(CreateSubscriptionDto, body, ['metadata']);
      expect(errors).toEqual([{ field: name, code: 'UNKNOWN_FIELD', message: `property ${name} should not exist` }]);
    }
    // Inside a member no DTO declares, too: class-transformer would throw while copying it.
    const undeclared = { filter: 'true', event: { type: 'a', data: {} }, auth: { constructor: 'x' } };
    expect(toRequestDto(FilterTestDto, undeclared, ['event.data']).errors.map((e) => e.field)).toEqual([
      'auth.constructor',
    ]);
    const nested = { filter: 'true', event: { type: 'a', data: {}, constructor: 1 } };
    expect(toRequestDto(FilterTestDto, nested, ['event.data']).errors.map((e) => e.field)).toEqual([
      'event.constructor',
    ]);
  });

  it('answers every shape problem at once, and a body that is no object as one', async () => {
    const { errors } = await checkedBody(CreateSubscriptionDto, { toString: 1, url: 5, events: ['a'] });
    expect(errors.map((e) => `${e.field} ${e.code}`)).toEqual(
      expect.arrayContaining(['toString UNKNOWN_FIELD', 'url INVALID_TYPE']),
    );
    for (const body of [null, [], 'text', 3])
      expect((await checkedBody(CreateSubscriptionDto, body)).errors).toEqual([
        { field: 'body', code: 'INVALID_TYPE', message: 'The body must be a JSON object.' },
      ]);
    expect((await checkedBody(FilterTestDto, undefined, { optional: true })).errors.map((e) => e.field)).toEqual(
      expect.arrayContaining(['filter', 'event']),
    );
  });
});
