import { Logger } from '@nestjs/common';
import { collectedCounter, counter } from '../../platform/telemetry/metrics.js';
import { compileFilter, describeFilterError, type CompiledFilter } from '../filters/filter-compiler.js';
import { FilterError } from '../filters/filter-error.js';
import { filterInput, type FilterEvent, type FilterInput } from '../filters/filter-input.js';
import type { SubscriptionView } from '../subscriptions/subscription-reader.js';

/**
 * Subscriptions named in the per-subscription filter metrics; the others are counted under
 * `subscription_id="other"`, so the series stay bounded however many subscriptions filter. A
 * deleted subscription's series go, which frees its place.
 */
export const FILTER_METRIC_SUBSCRIPTIONS = 1_000;
const OTHER = 'other';

const evaluations = counter('hookline_filter_evaluations_total', 'Filter evaluations, by result', ['result']);

interface Held {
  version: number;
  source: string;
  filter: CompiledFilter | FilterError;
}

/** Per subscription: events its filter kept out, and events it failed on. */
interface Counts {
  filteredOut: number;
  failed: number;
}

/**
 * The filter step of matching: each subscription's filter compiled once per version, then
 * evaluated against the events its types and wildcards matched. A filter that fails on an event
 * does not match it; the failure is counted, never parks the event.
 */
export class SubscriptionFilters {
  private readonly held = new Map<string, Held>();
  /** Plain numbers on the hot path (a label lookup per event and subscription would cost more than a filter). */
  private readonly counts = new Map<string, Counts>();
  private readonly other: Counts = { filteredOut: 0, failed: 0 };
  private readonly log = new Logger('Filters');

  constructor() {
    const series = (pick: (c: Counts) => number) => (set: (labels: { subscription_id: string }, n: number) => void) => {
      for (const [id, c] of this.counts) if (pick(c) > 0) set({ subscription_id: id }, pick(c));
      if (pick(this.other) > 0) set({ subscription_id: OTHER }, pick(this.other));
    };
    collectedCounter(
      'hookline_filter_filtered_out_total',
      "Events of a subscription's types that its filter kept from it",
      ['subscription_id'],
      series((c) => c.filteredOut),
    );
    collectedCounter(
      'hookline_filter_errors_total',
      "Events on which a subscription's filter failed (a missing field, a wrong type): not delivered to it",
      ['subscription_id'],
      series((c) => c.failed),
    );
  }

  /** The subscriptions whose filter (if any) the event passes. */
  apply(subscriptions: SubscriptionView[], event: FilterEvent): SubscriptionView[] {
    if (!subscriptions.some((s) => s.filter)) return subscriptions;
    const input: FilterInput = filterInput(event);
    const tally = { matched: 0, filtered_out: 0, error: 0 };
    const passed = subscriptions.filter((subscription) => {
      if (!subscription.filter) return true;
      const compiled = this.compiled(subscription, subscription.filter);
      const outcome = compiled instanceof FilterError ? { matches: false, error: compiled } : compiled.evaluate(input);
      if (outcome.matches) {
        tally.matched++;
        return true;
      }
      const counts = this.countsOf(subscription.id);
      if (outcome.error) {
        tally.error++;
        counts.failed++;
      } else {
        tally.filtered_out++;
        counts.filteredOut++;
      }
      return false;
    });
    for (const [result, count] of Object.entries(tally)) if (count > 0) evaluations.inc({ result }, count);
    return passed;
  }

  /** The subscription left the table: its compiled filter and its metric series go. */
  forget(id: string): void {
    this.held.delete(id);
    this.counts.delete(id);
  }

  private compiled(subscription: SubscriptionView, source: string): CompiledFilter | FilterError {
    const held = this.held.get(subscription.id);
    if (held && held.version === subscription.version && held.source === source) return held.filter;
    let filter: CompiledFilter | FilterError;
    try {
      filter = compileFilter(source);
    } catch (error) {
      if (!(error instanceof FilterError)) throw error;
      // Written filters compile; one that no longer does (stricter limits since) matches nothing.
      this.log.warn(`subscription ${subscription.id} v${subscription.version}: ${describeFilterError(error)}`);
      filter = error;
    }
    this.held.set(subscription.id, { version: subscription.version, source, filter });
    return filter;
  }

  private countsOf(id: string): Counts {
    let counts = this.counts.get(id);
    if (counts) return counts;
    if (this.counts.size >= FILTER_METRIC_SUBSCRIPTIONS) return this.other;
    this.counts.set(id, (counts = { filteredOut: 0, failed: 0 }));
    return counts;
  }
}
