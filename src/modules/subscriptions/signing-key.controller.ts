import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { AppError } from '../../platform/errors/app-error.js';
import { ApiErrors } from '../../platform/http/error-body.dto.js';
import { RequireScope, TenantId } from '../auth/api-key.guard.js';
import { validSecrets } from './secrets.js';
import { SubscriptionIdPipe } from './subscription-id.pipe.js';
import type { SubscriptionEntity } from './subscription.entity.js';
import { SubscriptionsService } from './subscriptions.service.js';

class PublicKeyVersion {
  @ApiProperty({ format: 'uuid', description: 'The secret version this key belongs to' }) id: string;
  @ApiProperty({ example: 'whpk_MCowBQYDK2VwAyEA…', description: 'whpk_ + base64 of the 32-byte Ed25519 public key' })
  public_key: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: "When it stops signing (a rotation's grace); null for the current one",
  })
  expires_at: string | null;
}

class SigningKeyResource {
  @ApiProperty({ format: 'uuid' }) subscription_id: string;
  @ApiProperty({ description: 'The newest public key: the one that signs from now on' }) public_key: string;
  @ApiProperty({ type: [PublicKeyVersion], description: 'Every version that signs now, newest first' })
  keys: PublicKeyVersion[];
}

/** The public keys an ed25519 subscription's deliveries verify with: one per version during a rotation. */
@ApiTags('webhooks')
@Controller({ path: 'webhooks', version: '1' })
export class SigningKeyController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Get(':id/signing-key')
  @RequireScope('read')
  @ApiOperation({ summary: "The Ed25519 public keys (whpk_…) the subscription's v1a signatures verify with" })
  @ApiOkResponse({ type: SigningKeyResource })
  @ApiErrors(401, 403, 404, 406, 429)
  async signingKey(
    @TenantId() tenantId: string,
    @Param('id', SubscriptionIdPipe) id: string,
  ): Promise<SigningKeyResource> {
    return publicKeysOf(await this.subscriptions.get(tenantId, id), new Date());
  }
}

export function publicKeysOf(sub: Pick<SubscriptionEntity, 'id' | 'secrets'>, now: Date): SigningKeyResource {
  const keys = validSecrets(sub.secrets, now).flatMap((s) =>
    s.scheme === 'ed25519' && s.public_key
      ? [{ id: s.id, public_key: s.public_key, created_at: s.created_at, expires_at: s.expires_at }]
      : [],
  );
  if (keys.length === 0)
    throw new AppError('NOT_FOUND', 'This subscription signs with HMAC-SHA256 only: it has no public key.');
  return { subscription_id: sub.id, public_key: keys[0].public_key, keys };
}
