import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config.js';
import { counter, gauge } from '../../platform/telemetry/metrics.js';
import { CircuitBreaker, type CircuitOptions, type CircuitPermit, type CircuitSnapshot } from './circuit-breaker.js';
import { circuitOptionsFrom } from './failure-options.js';

const transitions = counter('hookline_circuit_transitions_total', 'Circuit breaker state changes', ['state']);

interface Entry {
  tenantId: string;
  breaker: CircuitBreaker;
}

/**
 * This instance's circuit breakers, one per subscription it delivers to. State is per instance:
 * each instance judges the endpoint by the attempts it makes itself, which needs no coordination
 * and opens every instance's circuit within a few failures of each other.
 */
@Injectable()
export class CircuitBreakers {
  private readonly entries = new Map<string, Entry>();
  private readonly options: CircuitOptions;
  private readonly log = new Logger('Circuit');

  constructor(config: AppConfig) {
    this.options = circuitOptionsFrom(config);
    gauge('hookline_circuit_breakers', 'Circuits this instance holds, by state', ['state'], (g) => {
      const now = Date.now();
      const counts: Record<string, number> = { closed: 0, open: 0, half_open: 0 };
      for (const { breaker } of this.entries.values()) counts[breaker.snapshot(now).state]++;
      for (const [state, n] of Object.entries(counts)) g.set({ state }, n);
    });
  }

  permit(subscriptionId: string, now = Date.now()): CircuitPermit {
    const entry = this.entries.get(subscriptionId);
    if (!entry) return 'attempt';
    const permit = entry.breaker.permit(now);
    if (permit === 'probe') this.log.log(`subscription ${subscriptionId}: half-open, probing`);
    return permit;
  }

  /** Counts one attempt's result; `success` false only for outcomes that speak about the endpoint. */
  record(tenantId: string, subscriptionId: string, success: boolean, now = Date.now()): void {
    let entry = this.entries.get(subscriptionId);
    if (!entry) {
      if (success) return;
      entry = { tenantId, breaker: new CircuitBreaker(this.options) };
      if (!entry.breaker.enabled) return;
      this.entries.set(subscriptionId, entry);
    }
    const before = entry.breaker.snapshot(now).state;
    entry.breaker.record(success, now);
    const after = entry.breaker.snapshot(now);
    if (after.state !== before) {
      transitions.inc({ state: after.state });
      this.log.warn(
        `subscription ${subscriptionId}: circuit ${after.state}${after.reason ? ` (${after.reason})` : ''}`,
      );
    }
    if (entry.breaker.idle(now)) this.entries.delete(subscriptionId);
  }

  /** The circuit of a subscription as the API shows it; closed when this instance holds nothing about it. */
  describe(tenantId: string, subscriptionId: string, now = Date.now()): CircuitSnapshot {
    const entry = this.entries.get(subscriptionId);
    if (entry && entry.tenantId === tenantId) return entry.breaker.snapshot(now);
    return new CircuitBreaker(this.options).snapshot(now);
  }
}
