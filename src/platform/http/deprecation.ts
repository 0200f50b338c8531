import {
  applyDecorators,
  Injectable,
  SetMetadata,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiExtension } from '@nestjs/swagger';
import type { ServerResponse } from 'node:http';

export interface DeprecationNotice {
  /** When the route (or version) was deprecated, ISO 8601. */
  since: string;
  /** When it stops answering, ISO 8601; sent as the Sunset header (RFC 8594). */
  sunset: string;
  /** The replacement, sent as a Link with rel="successor-version". */
  successor?: string;
}

const DEPRECATION = 'hookline:deprecation';

/**
 * Marks a route — or, on a controller, every route of it (a whole version when the controller is
 * that version's) — as deprecated: responses carry `Deprecation: @<unix>` (RFC 9745), `Sunset`
 * and a successor link, and the OpenAPI document flags the operation and states those headers'
 * values (`x-deprecation`, read by openapi-contract.ts; ApiOperation here would reset the summary).
 */
export function Deprecated(notice: DeprecationNotice): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(DEPRECATION, notice),
    UseInterceptors(DeprecationInterceptor),
    ApiExtension('x-deprecation', notice),
  );
}

@Injectable()
export class DeprecationInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler) {
    const notice = this.reflector.getAllAndOverride<DeprecationNotice | undefined>(DEPRECATION, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (notice && context.getType() === 'http') {
      // Set before the handler runs so error responses carry the notice as well.
      const res = context.switchToHttp().getResponse<ServerResponse>();
      res.setHeader('Deprecation', `@${Math.floor(Date.parse(notice.since) / 1000)}`);
      res.setHeader('Sunset', new Date(notice.sunset).toUTCString());
      if (notice.successor) res.setHeader('Link', `<${notice.successor}>; rel="successor-version"`);
    }
    return next.handle();
  }
}
