import { Logger } from '@nestjs/common';
import { counter } from '../../platform/telemetry/metrics.js';
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
const filteredOut = counter(
  'hookline_filter_filtered_out_total',
  "Events of a subscription's types that its filter kept from it",
  ['subscription_id'],
);
const failed = counter(
  'hookline_filter_errors_total',
  "Events on which a subscription's filter failed (a missing field, a wrong type): not delivered to it",
  ['subscription_id'],
);

interface Held {
  version: number;
  source: string;
  filter: CompiledFilter | FilterError;
}

/**
 * The filter step of matching: each subscription's filter compiled once per version, then
 * evaluated against the events its types and wildcards matched. A filter that fails on an event
 * does not match it; the failure is counted, never parks the event.
 */
export class SubscriptionFilters {
  private readonly held = new Map<string, Held>();
  private readonly labelled = new Set<string>();
  private readonly log = new Logger('Filters');

  /** The subscriptions whose filter (if any) the event passes. */
  apply(subscriptions: SubscriptionView[], event: FilterEvent): SubscriptionView[] {
    if (!subscriptions.some((s) => s.filter)) return subscriptions;
    let input: FilterInput | undefined;
    return subscriptions.filter((subscription) => {
      if (!subscription.filter) return true;
      input ??= filterInput(event);
      const compiled = this.compiled(subscription, subscription.filter);
      const outcome = compiled instanceof FilterError ? { matches: false, error: compiled } : compiled.evaluate(input);
      if (outcome.matches) {
        evaluations.inc({ result: 'matched' });
        return true;
      }
      const label = this.labelOf(subscription.id);
      if (outcome.error) {
        evaluations.inc({ result: 'error' });
        failed.inc({ subscription_id: label });
      } else {
        evaluations.inc({ result: 'filtered_out' });
        filteredOut.inc({ subscription_id: label });
      }
      return false;
    });
  }

  /** The subscription left the table: its compiled filter and its metric series go. */
  forget(id: string): void {
    this.held.delete(id);
    if (this.labelled.delete(id)) {
      filteredOut.remove({ subscription_id: id });
      failed.remove({ subscription_id: id });
    }
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

  private labelOf(id: string): string {
    if (this.labelled.has(id)) return id;
    if (this.labelled.size >= FILTER_METRIC_SUBSCRIPTIONS) return OTHER;
    this.labelled.add(id);
    return id;
  }
}
