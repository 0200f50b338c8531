import {
  applyDecorators,
  createParamDecorator,
  Injectable,
  SetMetadata,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { IncomingMessage } from 'node:http';
import { AppError } from '../../platform/errors/app-error.js';
import type { Scope } from './api-key.entity.js';
import { grants } from './api-key-token.js';
import { ApiKeysService } from './api-keys.service.js';
import type { AuthenticatedRequest, Principal } from './principal.js';

const REQUIRED_SCOPE = 'hookline:scope';

const PROBLEM_MESSAGE: Record<string, string> = {
  missing: 'An API key is required: send Authorization: Bearer <key>.',
  malformed: 'The Authorization header must be "Bearer <key>".',
  invalid: 'The API key is not valid: unknown or revoked.',
};

/** 401 without a valid key, 403 when the key lacks the scope the route requires. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly keys: ApiKeysService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const principal = await this.keys.principalOf(req);
    if (!principal) {
      const message =
        req.authExpiredAt !== undefined
          ? `The API key expired at ${new Date(req.authExpiredAt).toISOString()}.`
          : PROBLEM_MESSAGE[req.authProblem ?? 'invalid'];
      throw new AppError('UNAUTHENTICATED', message, [], {
        'WWW-Authenticate': 'Bearer',
      });
    }
    const scopes = this.reflector.getAllAndOverride<Scope[]>(REQUIRED_SCOPE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (scopes && !scopes.some((scope) => grants(principal.scopes, scope))) {
      throw new AppError(
        'FORBIDDEN',
        scopes.length === 1 && scopes[0] === 'operator'
          ? 'This takes an operator key (OPERATOR_API_KEYS); a tenant key cannot do it.'
          : `The API key lacks the ${scopes.map((s) => `"${s}"`).join(' or ')} scope.`,
      );
    }
    return true;
  }
}

/** Requires an API key with one of the given scopes (and documents it in OpenAPI). */
export const RequireScope = (...scopes: [Scope, ...Scope[]]) =>
  applyDecorators(
    SetMetadata(REQUIRED_SCOPE, scopes),
    UseGuards(ApiKeyGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'UNAUTHENTICATED: no valid API key (unknown, revoked or expired)' }),
    ApiForbiddenResponse({
      description: `FORBIDDEN: the key lacks the ${scopes.map((s) => `"${s}"`).join(' or ')} scope`,
    }),
  );

/** Who calls (tenant, key, scopes); only usable behind RequireScope. */
export const CurrentPrincipal = createParamDecorator((_: unknown, context: ExecutionContext): Principal => {
  const req = context.switchToHttp().getRequest<IncomingMessage & AuthenticatedRequest>();
  return req.principal!;
});

/** The caller's tenant; only usable behind RequireScope. */
export const TenantId = createParamDecorator((_: unknown, context: ExecutionContext): string => {
  const req = context.switchToHttp().getRequest<IncomingMessage & AuthenticatedRequest>();
  return req.principal!.tenantId;
});
