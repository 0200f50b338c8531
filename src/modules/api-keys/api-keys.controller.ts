import { mapPage } from '../../platform/http/pagination.js';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  UseInterceptors,
  UsePipes,
  Injectable,
  type PipeTransform,
} from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { AppError } from '../../platform/errors/app-error.js';
import { ApiErrors } from '../../platform/http/error-body.dto.js';
import { apiValidationPipe } from '../../platform/http/validation.js';
import { CurrentPrincipal, RequireScope } from '../auth/api-key.guard.js';
import type { Principal } from '../auth/principal.js';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor.js';
import { IDEMPOTENCY_DOC } from '../idempotency/idempotency-header.doc.js';
import { ApiKeyManagement } from './api-key-management.js';
import { ApiKeyListQuery, ApiKeyPage, CreateApiKeyDto, CreatedApiKey, toApiKeyResource } from './api-key.dto.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id names no key: 404, like any unknown id. */
@Injectable()
class ApiKeyIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!UUID.test(value)) throw AppError.notFound('The API key');
    return value.toLowerCase();
  }
}

/** /v1/api-keys: an admin key manages its tenant's keys, an operator key any tenant's. */
@ApiTags('api-keys')
@Controller({ path: 'api-keys', version: '1' })
@UsePipes(apiValidationPipe)
@UseInterceptors(IdempotencyInterceptor)
export class ApiKeysController {
  constructor(private readonly management: ApiKeyManagement) {}

  @Post()
  @RequireScope('admin', 'operator')
  @ApiOperation({ summary: 'Create an API key; the key is in this answer only' })
  @ApiBody({ type: CreateApiKeyDto })
  @ApiHeader(IDEMPOTENCY_DOC)
  @ApiCreatedResponse({ type: CreatedApiKey })
  @ApiErrors(400, 401, 403, 406, 409, 413, 415, 422, 429)
  async create(@CurrentPrincipal() caller: Principal, @Body() body: CreateApiKeyDto): Promise<CreatedApiKey> {
    const { entity, key } = await this.management.create(caller, {
      name: body.name,
      scopes: body.scopes,
      expiresAt: body.expires_at ? new Date(body.expires_at) : null,
      tenantId: body.tenant_id,
    });
    return { ...toApiKeyResource(entity), key };
  }

  @Get()
  @RequireScope('admin', 'operator')
  @ApiOperation({ summary: 'The API keys, newest first: prefix, scopes, state, last use; never the key' })
  @ApiOkResponse({ type: ApiKeyPage })
  @ApiErrors(400, 401, 403, 406, 422, 429)
  async list(@CurrentPrincipal() caller: Principal, @Query() query: ApiKeyListQuery): Promise<ApiKeyPage> {
    const page = await this.management.list(caller, {
      tenantId: query.tenant_id,
      after: query.after,
      limit: query.limit,
    });
    return mapPage(page, toApiKeyResource);
  }

  @Delete(':id')
  @RequireScope('admin', 'operator')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke an API key: refused by every instance within 2 s; the row stays, revoked' })
  @ApiNoContentResponse({ description: 'Revoked (or already revoked)' })
  @ApiErrors(401, 403, 404, 406, 429)
  async revoke(@CurrentPrincipal() caller: Principal, @Param('id', ApiKeyIdPipe) id: string): Promise<void> {
    await this.management.revoke(caller, id);
  }
}
