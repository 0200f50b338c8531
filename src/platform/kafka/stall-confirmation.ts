import { Injectable } from '@nestjs/common';

/** True when what holds the key's tasks lies outside the process (its endpoint, for a subscription). */
export type StallJudge = (key: string, now: number) => boolean;

/**
 * The handler's word on a key that the consumer sees stalled. The consumer sees only that none of
 * the key's tasks finished for a while as others' did, which on a saturated machine a healthy key
 * shows too (its tasks queued behind a database flush or a busy connection pool); the handler knows
 * whether the key is waiting on its endpoint. Until a handler sets its judge, every stall counts.
 */
@Injectable()
export class StallConfirmation {
  private judge: StallJudge = () => true;

  judgeWith(judge: StallJudge): void {
    this.judge = judge;
  }

  confirms(key: string, now = Date.now()): boolean {
    return this.judge(key, now);
  }
}
