import 'reflect-metadata';
import { CreateSubscriptionDto, SecretRotationDto } from '../../../src/modules/subscriptions/subscription.dto.js';
import { ListQueryDto } from '../../../src/modules/subscriptions/list-query.dto.js';
import { DeliveryLogQuery } from '../../../src/modules/delivery-log/delivery-log.dto.js';
import { CreateReportDto } from '../../../src/modules/reports/report.dto.js';
import { CreateRecoveryDto } from '../../../src/modules/operations/recoveries/recovery.dto.js';
import { CreateRedriveDto } from '../../../src/modules/operations/redrives/redrive.dto.js';
import { impliedStatuses } from '../../../src/platform/http/openapi-contract.js';
import { documentValidation, unmappedRules } from '../../../src/platform/http/validation-schema.js';

const API_DTOS = [
  CreateSubscriptionDto,
  SecretRotationDto,
  ListQueryDto,
  DeliveryLogQuery,
  CreateReportDto,
  CreateRecoveryDto,
  CreateRedriveDto,
];

const documented = (target: object, property: string) =>
  Reflect.getMetadata('swagger/apiModelProperties', (target as { prototype: object }).prototype, property);

describe('OpenAPI constraints come from the validation', () => {
  it('maps every rule the API DTOs use', () => {
    for (const dto of API_DTOS)
      expect({ dto: dto.name, unmapped: unmappedRules(dto) }).toEqual({ dto: dto.name, unmapped: [] });
  });

  it('writes types, bounds, formats, enums and required from the rules', () => {
    documentValidation(CreateSubscriptionDto);
    documentValidation(CreateReportDto);
    documentValidation(ListQueryDto);
    expect(documented(CreateSubscriptionDto, 'events')).toMatchObject({
      type: 'array',
      minItems: 1,
      maxItems: 50,
      uniqueItems: true,
      items: { type: 'string', maxLength: 100 },
      required: true,
    });
    expect(documented(CreateSubscriptionDto, 'secret')).toMatchObject({
      minLength: 16,
      maxLength: 256,
      required: false,
    });
    expect(documented(CreateReportDto, 'from')).toMatchObject({ type: 'string', format: 'date-time', required: true });
    expect(documented(CreateReportDto, 'subscription_id')).toMatchObject({ format: 'uuid', required: false });
    expect(documented(ListQueryDto, 'limit')).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
    expect(documented(ListQueryDto, 'sort')).toMatchObject({
      enum: ['created_at', '-created_at', 'updated_at', '-updated_at'],
    });
  });

  it('is idempotent: documenting twice gives the same metadata', () => {
    documentValidation(CreateSubscriptionDto);
    const once = documented(CreateSubscriptionDto, 'events');
    documentValidation(CreateSubscriptionDto);
    expect(documented(CreateSubscriptionDto, 'events')).toEqual(once);
  });
});

describe('statuses implied by an operation’s shape', () => {
  it('adds body, path, query, idempotency and If-Match statuses to the conventions every route has', () => {
    expect(impliedStatuses({})).toEqual([401, 403, 406, 429]);
    const all = impliedStatuses({
      requestBody: {},
      parameters: [
        { in: 'path', name: 'id' },
        { in: 'query', name: 'limit' },
        { in: 'header', name: 'Idempotency-Key' },
        { in: 'header', name: 'If-Match' },
      ],
    });
    expect(new Set(all)).toEqual(new Set([400, 401, 403, 404, 406, 409, 412, 413, 415, 422, 429]));
  });
});
