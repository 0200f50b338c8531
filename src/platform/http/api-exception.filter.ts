import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { throwError } from 'rxjs';
import { writeError } from './error-response.js';
import { methodNotAllowed } from './method-not-allowed.js';

/**
 * Every HTTP error — ours, the framework's (unknown route, 405) or a crash — leaves as the spec's
 * error body. Non-HTTP contexts (the Kafka transport inherits global enhancers) are left alone.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  /** `routes`: the Express app, to tell a known path's other methods (405) from an unknown path (404). */
  constructor(private readonly routes: object) {}

  catch(exception: unknown, host: ArgumentsHost) {
    if (host.getType() !== 'http') return throwError(() => exception);
    const http = host.switchToHttp();
    const req = http.getRequest<IncomingMessage>();
    writeError(req, http.getResponse<ServerResponse>(), methodNotAllowed(this.routes, req, exception) ?? exception);
  }
}
