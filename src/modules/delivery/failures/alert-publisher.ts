import { Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { KafkaService } from '../../../platform/kafka/kafka.service.js';
import { TopicNames } from '../../../topology.js';
import type { AlertEnvelope, AlertEventV1 } from './alert-event.js';

/** Writes alert events to <prefix>.alerts, where the alert consumer (and anyone else) reads them. */
@Injectable()
export class AlertPublisher {
  private readonly topic: string;

  constructor(
    private readonly kafka: KafkaService,
    topics: TopicNames,
  ) {
    this.topic = topics.alerts;
  }

  async publish(
    tenantId: string,
    subscriptionId: string,
    event: Omit<AlertEnvelope, 'id' | 'created_at'>,
  ): Promise<AlertEventV1> {
    const alert: AlertEventV1 = {
      type: 'AlertEventV1',
      tenant_id: tenantId,
      subscription_id: subscriptionId,
      event: { id: `alert_${uuidv7()}`, created_at: new Date().toISOString(), ...event },
    };
    await this.kafka.send(this.topic, [
      { key: subscriptionId, value: JSON.stringify(alert), headers: { 'tenant-id': tenantId } },
    ]);
    return alert;
  }
}
