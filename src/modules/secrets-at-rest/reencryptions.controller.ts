import { Controller, HttpCode, Post, Res, UseInterceptors } from '@nestjs/common';
import { ApiAcceptedResponse, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ServerResponse } from 'node:http';
import { SecretBox } from '../../platform/crypto/secret-box.js';
import { ApiErrors } from '../../platform/http/error-body.dto.js';
import { RequireScope, TenantId } from '../auth/api-key.guard.js';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor.js';
import { accepted } from '../operations/operation-view.js';
import { OperationStarted } from '../operations/operations.dto.js';
import { OperationsService } from '../operations/operations.service.js';
import { IDEMPOTENCY_DOC } from '../idempotency/idempotency-header.doc.js';

/** POST /v1/re-encryptions: an operator moves every stored secret to the newest key of the ring. */
@ApiTags('operations')
@Controller({ path: 're-encryptions', version: '1' })
@UseInterceptors(IdempotencyInterceptor)
export class ReencryptionsController {
  constructor(
    private readonly operations: OperationsService,
    private readonly box: SecretBox,
  ) {}

  @Post()
  @RequireScope('operator')
  @HttpCode(202)
  @ApiOperation({
    summary:
      'Operator keys only: seal every stored secret again with the newest key of SECRETS_ENCRYPTION_KEYS, ' +
      'while deliveries go on; follow its progress at /v1/operations/{id}',
  })
  @ApiHeader(IDEMPOTENCY_DOC)
  @ApiAcceptedResponse({ type: OperationStarted, description: 'Location: /v1/operations/{id}' })
  @ApiErrors(401, 403, 406, 429)
  async start(@TenantId() operatorTenant: string, @Res({ passthrough: true }) res: ServerResponse) {
    // The key this instance seals with: a runner whose ring puts another key first fails the run
    // (KEY_RING_CHANGED) rather than "complete" a rotation onto the key being retired.
    const parameters = { key_id: this.box.primaryKeyId };
    return accepted(res, await this.operations.start(operatorTenant, 'reencryption', parameters));
  }
}
