import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { AppError } from '../errors/app-error.js';
import { toErrorResponse } from './error-response.js';

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 431: 'Request Header Fields Too Large' };

/**
 * Requests Node's HTTP parser rejects (oversized headers or URL, broken framing) never reach the
 * app; Node would answer with a bare status. They get the error body too.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || (socket as Duplex & { _httpMessage?: unknown })._httpMessage) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const appError = tooLarge
      ? new AppError('HEADERS_TOO_LARGE', 'The request line or headers are too large.')
      : new AppError('INVALID_FORMAT', 'The request is not valid HTTP.');
    const requestId = `req_${randomUUID()}`;
    const { status, body } = toErrorResponse(appError, requestId);
    const text = JSON.stringify(body);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${text}`,
    );
  });
}
