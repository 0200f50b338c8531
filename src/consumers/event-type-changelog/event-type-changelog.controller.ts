import { Controller, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { InboundMessage } from '../../platform/kafka/inbound-message.js';
import { EventCatalog } from '../../modules/event-types/event-catalog.js';
import { parseEventTypeChanged } from '../../modules/event-types/event-type-changelog.js';
import { Handlers } from '../../topology.js';

/** Keeps this instance's event catalog fresh from <prefix>.event-types. */
@Controller()
export class EventTypeChangelogController {
  private readonly log = new Logger('EventTypeChangelog');

  constructor(private readonly catalog: EventCatalog) {}

  @EventPattern(Handlers.eventTypeChangelog)
  async onChange(@Payload() message: InboundMessage): Promise<void> {
    const change = parseEventTypeChanged(message.value);
    if (!change) {
      this.log.warn(`ignoring unknown catalog changelog record at ${message.partition}@${message.offset}`);
      return;
    }
    const held = this.catalog.get(change.event_type);
    if (held && held.revision >= change.revision) return;
    await this.catalog.reload(change.event_type);
  }
}
