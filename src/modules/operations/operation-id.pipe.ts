import { Injectable, type PipeTransform } from '@nestjs/common';
import { operationNotFound } from './operations.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id names no operation: 404, like any unknown id (never a database cast error). */
@Injectable()
export class OperationIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!UUID.test(value)) throw operationNotFound();
    return value.toLowerCase();
  }
}
