import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { CircuitStore } from '../failures/circuit-store.js';
import type { SubscriptionPressure } from '../pressure/subscription-pressure.js';

/** How often the limits that moved are written: the view lags by at most this much. */
const REPORT_EVERY_MS = 2_000;

/**
 * Writes each subscription's adaptive concurrency limit, when it moved, to its circuit row, so that
 * GET /v1/webhooks/{id}/circuit shows it on whichever instance answers the API. Several delivering
 * instances each hold their own limit; the row keeps the latest report. Reporting is best effort:
 * a write that fails is dropped (the next move reports again) and never touches delivery.
 */
@Injectable()
export class ConcurrencyReporter implements OnModuleDestroy {
  private readonly tenants = new Map<string, string>();
  private readonly log = new Logger('ConcurrencyReport');
  private timer?: NodeJS.Timeout;

  constructor(private readonly store: CircuitStore) {}

  /** Reports the limits the pressure owner moves from now on. */
  watch(pressure: Pick<SubscriptionPressure, 'takeChanged'>): void {
    clearInterval(this.timer);
    this.timer = setInterval(() => void this.report(pressure), REPORT_EVERY_MS);
    this.timer.unref();
  }

  /** The tenant of a subscription being delivered to (the circuit row's key). */
  saw(tenantId: string, subscriptionId: string): void {
    if (this.tenants.get(subscriptionId) !== tenantId) this.tenants.set(subscriptionId, tenantId);
  }

  async report(pressure: Pick<SubscriptionPressure, 'takeChanged'>): Promise<void> {
    const rows = [...pressure.takeChanged()]
      .filter(([id]) => this.tenants.has(id))
      .map(([id, limit]) => ({ tenantId: this.tenants.get(id)!, id, limit }));
    if (rows.length === 0) return;
    try {
      await this.store.reportConcurrency(rows);
    } catch {
      // One deleted subscription fails the batch (its row's foreign key): the others one by one.
      for (const row of rows)
        await this.store.reportConcurrency([row]).catch((e: unknown) => this.log.debug?.(`not reported: ${String(e)}`));
    }
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }
}
