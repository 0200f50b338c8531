import { Controller, Logger } from '@nestjs/common';
import { Payload, EventPattern } from '@nestjs/microservices';
import { Handlers } from '../../topology.js';
import type { InboundMessage } from '../../platform/kafka/inbound-message.js';
import { ChangelogFreshness } from '../../modules/matching/changelog-freshness.js';
import { MatchingService, type SubscriptionChangedV1 } from '../../modules/matching/matching.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Keeps this instance's subscription table fresh from <prefix>.subscriptions. */
@Controller()
export class SubscriptionChangelogController {
  private readonly log = new Logger('SubscriptionChangelog');

  constructor(
    private readonly matching: MatchingService,
    private readonly freshness: ChangelogFreshness,
  ) {
    freshness.startBackgroundProbes();
  }

  /** Applies one record, then tells the freshness tracker how far the table has come. */
  @EventPattern(Handlers.subscriptionChangelog)
  async onChange(@Payload() message: InboundMessage): Promise<void> {
    await this.apply(message);
    this.freshness.applied(message.partition, message.offset);
  }

  private async apply(message: InboundMessage): Promise<void> {
    if (!message.value) {
      if (message.key) this.matching.forget(message.key.toString('utf8'));
      return;
    }
    let change: SubscriptionChangedV1;
    try {
      change = JSON.parse(message.value.toString('utf8')) as SubscriptionChangedV1;
    } catch {
      this.log.warn(`ignoring non-JSON changelog record at ${message.partition}@${message.offset}`);
      return;
    }
    // Not a change this version writes (null, another shape, an id no lookup can use): skipped, never a bug.
    if (
      change?.type !== 'SubscriptionChangedV1' ||
      !UUID.test(String(change.id)) ||
      typeof change.tenant_id !== 'string'
    ) {
      this.log.warn(
        `ignoring unknown changelog record ${String(change?.type)} at ${message.partition}@${message.offset}`,
      );
      return;
    }
    await this.matching.apply(change);
  }
}
