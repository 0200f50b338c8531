import type { OpenAPIObject } from '@nestjs/swagger';
import { asOpenApi31, toJsonSchema2020 } from '../../../src/platform/http/openapi-31.js';

describe('the document in OpenAPI 3.1 (JSON Schema 2020-12)', () => {
  it('spells nullable as a null type, in an enum too', () => {
    expect(toJsonSchema2020({ type: 'string', format: 'date-time', nullable: true })).toEqual({
      type: ['string', 'null'],
      format: 'date-time',
    });
    expect(toJsonSchema2020({ type: 'string', enum: ['a'], nullable: true })).toEqual({
      type: ['string', 'null'],
      enum: ['a', null],
    });
    expect(toJsonSchema2020({ type: 'integer', nullable: false })).toEqual({ type: 'integer' });
  });

  it('makes a nullable reference an alternative with null, keeping its description outside', () => {
    expect(toJsonSchema2020({ $ref: '#/components/schemas/X', nullable: true, description: 'd' })).toEqual({
      description: 'd',
      anyOf: [{ $ref: '#/components/schemas/X' }, { type: 'null' }],
    });
  });

  it('converts every nested schema: properties, items, map values, compositions', () => {
    const converted = toJsonSchema2020({
      type: 'object',
      properties: { a: { type: 'array', items: { type: 'integer', nullable: true } } },
      additionalProperties: { type: 'string', nullable: true },
      oneOf: [{ type: 'object', nullable: true }],
    });
    expect(converted).toEqual({
      type: 'object',
      properties: { a: { type: 'array', items: { type: ['integer', 'null'] } } },
      additionalProperties: { type: ['string', 'null'] },
      oneOf: [{ type: ['object', 'null'] }],
    });
  });

  it('converts components, parameters, bodies, answers and headers, and says 3.1.0', () => {
    const nullable = { type: 'string', nullable: true };
    const document = {
      openapi: '3.0.0',
      info: { title: 't', version: '1' },
      components: { schemas: { A: { type: 'object', properties: { x: nullable } } } },
      paths: {
        '/a': {
          get: {
            parameters: [{ name: 'q', in: 'query', schema: nullable }],
            requestBody: { content: { 'application/json': { schema: nullable } } },
            responses: { 200: { description: 'ok', headers: { H: { schema: nullable } }, content: {} } },
          },
        },
      },
    } as unknown as OpenAPIObject;
    const text = JSON.stringify(asOpenApi31(document));
    expect(document.openapi).toBe('3.1.0');
    expect(text).not.toContain('nullable');
    expect(text.match(/\["string","null"\]/g)).toHaveLength(4);
  });
});
