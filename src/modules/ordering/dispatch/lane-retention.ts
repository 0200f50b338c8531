import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config.js';
import { LaneSettlementRepository } from '../lane/lane-settlement.repository.js';

const EVERY_MS = 3_600_000;
const BATCH = 10_000;

/**
 * Keeps the lane's keys bounded: a key with nothing to send for ORDERED_KEY_RETENTION_DAYS is
 * forgotten, hourly, in batches. (Entries go when they are delivered or given up.)
 */
@Injectable()
export class LaneRetention implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('OrderedLane');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly config: AppConfig,
    private readonly settlement: LaneSettlementRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.purge(), EVERY_MS).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  async purge(): Promise<number> {
    let total = 0;
    try {
      for (let deleted = BATCH; deleted === BATCH; total += deleted)
        deleted = await this.settlement.forgetIdleKeys(this.config.ordered.keyRetentionDays, BATCH);
      if (total > 0) this.log.log(`forgot ${total} idle ordered key(s) past retention`);
    } catch (error) {
      this.log.warn(`forgetting idle ordered keys failed: ${String(error)}`);
    }
    return total;
  }
}
