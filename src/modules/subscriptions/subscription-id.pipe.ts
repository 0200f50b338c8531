import { Injectable, type PipeTransform } from '@nestjs/common';
import { notFound } from './subscriptions.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id names no subscription: 404, like any unknown id (and never a database cast error). */
@Injectable()
export class SubscriptionIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!UUID.test(value)) throw notFound();
    return value.toLowerCase();
  }
}
