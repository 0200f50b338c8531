import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config.js';
import type { DeliveryTaskV2 } from '../delivery-task.js';
import { PRESSURE } from '../pressure/pressure-thresholds.js';
import { SubscriptionPressure } from '../pressure/subscription-pressure.js';

/** The dispatch flow of this process, as the delivery stage offers it (DeliveryService.deliverAdmitted). */
type AdmittedDispatch = (task: DeliveryTaskV2) => Promise<unknown>;

/** How an offered task went: dispatched here to its end, or declined (it goes through the deliveries topic). */
type DirectWay = 'delivered' | 'declined';

/** A task of the lane under way: whether it still takes room in the lane. */
interface RunningTask {
  subscriptionId: string;
  holdsRoom: boolean;
}

/**
 * The direct lane: fan-out hands a healthy subscription's task to the dispatch flow of its own
 * process, in the ingest record's time, instead of producing it to the deliveries topic and reading
 * it back (docs/design/head-of-line.md). Open only where the delivery stage attached its flow (an
 * instance with the delivery role) and INGEST_DIRECT_DISPATCH is on.
 *
 * The lane holds at most `capacity` tasks (half of INGEST_CONCURRENCY), each running or waiting
 * for one of its subscription's slots; more wait for room in arrival order, holding their ingest
 * records: back-pressure on intake while the lane makes progress. A request that turns slow after
 * it began holds its record until it ends (the timeout at most), and endpoints turning slow together
 * hold at most `capacity` records, so half of intake stays free. While tasks wait for room, a
 * running task whose subscription is no longer healthy gives its room back (its record stays held),
 * up to half the capacity: one hanging endpoint's few requests must not shrink the lane for every
 * healthy subscription for a whole timeout. Once the lane is full and none of its tasks ended for
 * PRESSURE.laneStuckMs, it declines at once, its waiting tasks included, until one ends.
 */
@Injectable()
export class DirectLane implements OnModuleDestroy {
  readonly capacity: number;
  private dispatch?: AdmittedDispatch;
  private held = 0;
  private readonly running = new Set<RunningTask>();
  /** Running tasks that gave their room back, at most half the capacity. */
  private gaveRoom = 0;
  private readonly queue = new TicketQueue();
  /** When a task of the lane last ended, or the lane last filled up: its progress. */
  private progressAt = Date.now();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly pressure: SubscriptionPressure,
    config: AppConfig,
  ) {
    const { directDispatch, concurrency } = config.ingest;
    this.capacity = directDispatch ? Math.max(1, Math.floor(concurrency / 2)) : 0;
  }

  /** The delivery stage of this process offers its flow (DeliveryController, with the delivery role). */
  attach(dispatch: AdmittedDispatch): void {
    this.dispatch = dispatch;
  }

  /** Tasks of the lane running or waiting for their subscription's slot now (each holds its ingest record). */
  get inFlight(): number {
    return this.held + this.gaveRoom;
  }

  /**
   * Dispatches the task here when the pressure owner admits its subscription
   * (SubscriptionPressure.directTurn): the promise settles with `delivered` once the dispatch ended
   * (it never rejects for an endpoint's failure: the flow routes it), or `declined` when the task
   * waited and was then refused. Undefined when it is declined at once. A declined task goes
   * through the deliveries topic.
   */
  offer(task: DeliveryTaskV2): Promise<DirectWay> | undefined {
    const dispatch = this.dispatch;
    if (!dispatch || this.capacity === 0 || !this.pressure.healthy(task.subscription_id)) return undefined;
    if (this.held < this.capacity && this.queue.size === 0) {
      if (++this.held === this.capacity) this.progressAt = Date.now();
      return this.admitted(dispatch, task, true);
    }
    if (this.stuck(Date.now())) return undefined;
    this.watch();
    return this.queue.wait().then((ticket) => (ticket ? this.admitted(dispatch, task, false) : 'declined'));
  }

  /** With a ticket: the subscription's slot (now, or soon), then the dispatch; the ticket goes to the next waiter. */
  private admitted(dispatch: AdmittedDispatch, task: DeliveryTaskV2, synchronous: true): Promise<DirectWay> | undefined;
  private admitted(dispatch: AdmittedDispatch, task: DeliveryTaskV2, synchronous: false): Promise<DirectWay>;
  private admitted(dispatch: AdmittedDispatch, task: DeliveryTaskV2, synchronous: boolean) {
    const turn = this.pressure.directTurn(task.subscription_id);
    if (turn === 'taken') return this.run(dispatch, task);
    if (turn !== 'declined') return turn.then((taken) => (taken ? this.run(dispatch, task) : this.end('declined')));
    this.end('declined');
    return synchronous ? undefined : Promise.resolve<DirectWay>('declined');
  }

  private async run(dispatch: AdmittedDispatch, task: DeliveryTaskV2): Promise<DirectWay> {
    const running: RunningTask = { subscriptionId: task.subscription_id, holdsRoom: true };
    this.running.add(running);
    try {
      await dispatch(task);
      return 'delivered';
    } finally {
      this.running.delete(running);
      if (running.holdsRoom) this.end('delivered');
      else this.gaveRoom--;
    }
  }

  /** Running tasks of subscriptions the pressure owner no longer calls healthy give their room to waiting ones. */
  private takeRoomFromUnhealthy(): void {
    for (const running of this.running) {
      if (this.gaveRoom >= this.capacity / 2 || this.queue.size === 0) return;
      if (!running.holdsRoom || this.pressure.healthy(running.subscriptionId)) continue;
      running.holdsRoom = false;
      this.gaveRoom++;
      this.end('delivered');
    }
  }

  /** A ticket comes back: to the next waiter, or to the lane. */
  private end(way: DirectWay): DirectWay {
    this.progressAt = Date.now();
    if (!this.queue.pass()) this.held--;
    return way;
  }

  /** Full, and none of its tasks ended for PRESSURE.laneStuckMs since it filled up: its requests wait on endpoints. */
  private stuck(now: number): boolean {
    return this.held >= this.capacity && now - this.progressAt >= PRESSURE.laneStuckMs;
  }

  /** While tasks wait for room, now and then: room from unhealthy subscriptions' tasks, and whether the lane is stuck (declines them if so). */
  private watch(): void {
    this.timer ??= setInterval(() => {
      if (this.queue.size === 0) return this.unwatch();
      this.takeRoomFromUnhealthy();
      if (this.stuck(Date.now())) this.queue.refuseAll();
    }, PRESSURE.laneStuckMs / 4);
    this.timer.unref();
  }

  private unwatch(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  onModuleDestroy(): void {
    this.unwatch();
    this.queue.refuseAll();
  }
}

/** Tasks waiting for room in the lane, first come first served: each is handed a ticket (true) or refused (false). */
class TicketQueue {
  private waiting: ((ticket: boolean) => void)[] = [];
  private head = 0;

  get size(): number {
    return this.waiting.length - this.head;
  }

  wait(): Promise<boolean> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Hands a freed ticket to the longest waiting task; false when none waits. */
  pass(): boolean {
    if (this.size === 0) return false;
    const next = this.waiting[this.head++];
    if (this.head > 1024 && this.head * 2 > this.waiting.length)
      [this.waiting, this.head] = [this.waiting.slice(this.head), 0];
    next(true);
    return true;
  }

  refuseAll(): void {
    const refused = this.waiting.slice(this.head);
    [this.waiting, this.head] = [[], 0];
    for (const resolve of refused) resolve(false);
  }
}
