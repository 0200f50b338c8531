import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { throwError } from 'rxjs';
import { writeError } from './error-response.js';

/**
 * Every HTTP error — ours, the framework's (unknown route, 405) or a crash — leaves as the spec's
 * error body. Non-HTTP contexts (the Kafka transport inherits global enhancers) are left alone.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost) {
    if (host.getType() !== 'http') return throwError(() => exception);
    const http = host.switchToHttp();
    writeError(http.getRequest<IncomingMessage>(), http.getResponse<ServerResponse>(), exception);
  }
}
