import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { defer, from, of, switchMap, tap, catchError, throwError, type Observable } from 'rxjs';
import { stringify } from 'safe-stable-stringify';
import { AppConfig } from '../../platform/config/app-config.js';
import { SecretBox } from '../../platform/crypto/secret-box.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { RequestWithBody } from '../../platform/http/json-body.js';
import type { AuthenticatedRequest } from '../auth/principal.js';
import { IdempotencyRepository } from './idempotency.repository.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAY_HEADER = 'Idempotent-Replayed';
export const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
/** Response headers that are part of the stored response; the rest (request id, limits) is per request. */
const REPLAYED_HEADERS = ['location', 'etag'];

const FINGERPRINT_PURPOSE = 'idempotency-request';

type Request = IncomingMessage & AuthenticatedRequest & RequestWithBody & { originalUrl?: string };

/**
 * What a repeat must match to be replayed: the same API key (a stored answer may hold a secret
 * shown once, so another key of the tenant never gets it), the same method and path, and the same
 * JSON value (member order and white space aside). Fingerprinted with a key: a body may hold a
 * credential, and the table must not let anyone test guesses of it.
 */
function requestOf(req: Request): string {
  const body = req.body === undefined ? '' : (stringify(req.body) ?? '');
  return `${req.principal!.keyId}\n${req.method} ${req.originalUrl ?? req.url}\n${body}`;
}

/**
 * Idempotency-Key on POST: the first request with a key runs and its 2xx response is stored;
 * a repeat of the same request (requestOf) gets that response again (marked Idempotent-Replayed:
 * true) without running; any other request with the key is refused. Failed attempts release the
 * key so a corrected retry can run.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly repository: IdempotencyRepository,
    private readonly config: AppConfig,
    private readonly box: SecretBox,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<ServerResponse>();
    const key = req.headers[IDEMPOTENCY_HEADER];
    if (req.method !== 'POST' || key === undefined || !req.principal) return next.handle();
    if (typeof key !== 'string' || !KEY_FORMAT.test(key)) {
      throw AppError.validation([
        { field: 'Idempotency-Key', code: 'INVALID', message: 'must be 1-255 visible ASCII characters' },
      ]);
    }
    const tenant = req.principal.tenantId;
    const request = requestOf(req);
    const fingerprint = this.box.fingerprint(FINGERPRINT_PURPOSE, request);
    return from(this.repository.reserve(tenant, key, fingerprint, this.config.api.idempotencyTtlHours)).pipe(
      switchMap((reservation) => {
        const same =
          reservation.kind === 'reserved' ||
          this.box.fingerprintMatches(reservation.fingerprint, FINGERPRINT_PURPOSE, request);
        if (!same) {
          throw new AppError(
            'IDEMPOTENCY_KEY_REUSED',
            'This Idempotency-Key was used with a different request or API key; use a new key.',
          );
        }
        if (reservation.kind === 'in_progress') {
          throw new AppError('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still running.');
        }
        if (reservation.kind === 'completed') {
          const stored = reservation.response;
          res.statusCode = stored.status;
          for (const [name, value] of Object.entries(stored.headers)) res.setHeader(name, value);
          res.setHeader(REPLAY_HEADER, 'true');
          return of(stored.body === '' ? undefined : JSON.parse(stored.body));
        }
        return next.handle().pipe(
          switchMap((body) => defer(() => this.store(tenant, key, res, body)).pipe(switchMap(() => of(body)))),
          catchError((error: unknown) =>
            from(this.repository.release(tenant, key).catch(() => undefined)).pipe(
              switchMap(() => throwError(() => error)),
            ),
          ),
          tap({ error: () => undefined }),
        );
      }),
    );
  }

  private async store(tenant: string, key: string, res: ServerResponse, body: unknown): Promise<void> {
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = res.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    await this.repository.complete(tenant, key, {
      status: res.statusCode,
      headers,
      body: body === undefined ? '' : JSON.stringify(body),
    });
  }
}
