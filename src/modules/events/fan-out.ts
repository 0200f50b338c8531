import { Injectable, Logger } from '@nestjs/common';
import { BatchingProducer } from '../../platform/kafka/batching-producer.js';
import { PipelineHealth } from '../../platform/kafka/pipeline-health.js';
import { AfterEffectError, parkReasonOf } from '../../platform/kafka/poison-record.error.js';
import { collectedCounter } from '../../platform/telemetry/metrics.js';
import { TopicNames } from '../../topology.js';
import { markedIfReplay, type DeliveryTaskV2 } from '../delivery/delivery-task.js';
import { DirectLane } from '../delivery/dispatch/direct-lane.js';
import { TaskDeferral } from '../delivery/dispatch/task-deferral.js';
import { TaskForwarder } from '../delivery/dispatch/task-forwarder.js';
import { SubscriptionPressure } from '../delivery/pressure/subscription-pressure.js';
import { serializeTask } from '../delivery/task-record.js';

/**
 * Where fan-out hands a task: the dispatch flow of this process (direct), the deliveries topic, or
 * straight to a deferral tier (its subscription is deferring).
 */
type Lane = 'direct' | 'deliveries' | 'deferral';

const LANES: readonly Lane[] = ['direct', 'deliveries', 'deferral'];
/** Plain counts, read at scrape time: a counter with labels hashes them on every increment. */
const handed: Record<Lane, number> = { direct: 0, deliveries: 0, deferral: 0 };
collectedCounter(
  'hookline_ingest_tasks_total',
  'Delivery tasks of fan-out, by lane: direct (delivered by ingest in its own process), deliveries (through <prefix>.deliveries), deferral (to a retry tier, their subscription deferring)',
  ['lane'],
  (set) => LANES.forEach((lane) => set({ lane }, handed[lane])),
);
collectedCounter(
  'hookline_ingest_deferred_tasks_total',
  'Tasks fan-out sent straight to a deferral tier, their subscription stalling (hookline_ingest_tasks_total{lane="deferral"})',
  [],
  (set) => set({}, handed.deferral),
);

/**
 * One event's tasks to their lanes, resolving once each is finished or handed to a topic with the
 * broker's acknowledgement: only then may the ingest record be committed. A task goes
 * - to a deferral tier when the pressure owner says its subscription is deferring;
 * - through the direct lane when this process delivers (DirectLane is open), the subscription is
 *   healthy with a slot free (or soon: SubscriptionPressure.directTurn), and the task is no
 *   possible replay (a replay first waits for a twin and asks the attempt log, which the
 *   deliveries topic's path does without holding a slot);
 * - else through the deliveries topic, all of an event's such tasks in one acknowledged send.
 * Ordered subscriptions never reach it: IngestService hands their events to their lanes first.
 */
@Injectable()
export class FanOut {
  private readonly log = new Logger('FanOut');
  private readonly deliveriesTopic: string;

  constructor(
    private readonly producer: BatchingProducer,
    private readonly deferral: TaskDeferral,
    private readonly pressure: SubscriptionPressure,
    private readonly lane: DirectLane,
    private readonly forwarder: TaskForwarder,
    private readonly health: PipelineHealth,
    topics: TopicNames,
  ) {
    this.deliveriesTopic = topics.deliveries;
  }

  async hand(tasks: readonly DeliveryTaskV2[]): Promise<void> {
    const ends: Promise<unknown>[] = [];
    const toDeliveries: DeliveryTaskV2[] = [];
    for (const task of tasks) this.route(task, ends, toDeliveries);
    if (toDeliveries.length > 0) ends.push(this.toDeliveries(toDeliveries));
    handed.deliveries += toDeliveries.length;
    await Promise.all(ends);
  }

  /** Starts the task in its lane: its end joins `ends`, or it joins the event's send to the deliveries topic. */
  private route(task: DeliveryTaskV2, ends: Promise<unknown>[], toDeliveries: DeliveryTaskV2[]): void {
    if (this.deferring(task.subscription_id)) {
      handed.deferral++;
      return void ends.push(this.defer(task));
    }
    const offered = task.may_be_replay ? undefined : this.lane.offer(task);
    if (!offered) return void toDeliveries.push(task);
    ends.push(
      offered.then(
        (way) => {
          handed[way === 'delivered' ? 'direct' : 'deliveries']++;
          return way === 'declined' ? this.toDeliveries([task]) : undefined;
        },
        (error: unknown) => this.afterFailedDispatch(task, error),
      ),
    );
  }

  private deferring(subscriptionId: string): boolean {
    const admission = this.pressure.admission(subscriptionId);
    return admission.verdict === 'step-aside' && admission.because === 'deferring';
  }

  /** To its deferral tier, or (no tier to step aside to) through the deliveries topic. */
  private async defer(task: DeliveryTaskV2): Promise<void> {
    if (!(await this.deferral.defer(task))) await this.toDeliveries([task]);
  }

  /** In one PRODUCER span (BatchingProducer), beside the ingest span's other children. */
  private toDeliveries(tasks: DeliveryTaskV2[]): Promise<unknown> {
    return this.producer.send(
      this.deliveriesTopic,
      tasks.map((task) => ({ key: task.subscription_id, value: serializeTask(task) })),
    );
  }

  /**
   * The dispatch flow failed for a reason of its own (not the endpoint's: that is an outcome).
   * After its request (AfterEffectError) the task is parked with its reason, as the delivery
   * consumer parks such a record: nothing makes it be sent again. Before it, the task goes through
   * the deliveries topic, marked as a possible replay (the attempt log is asked first).
   */
  private async afterFailedDispatch(task: DeliveryTaskV2, error: unknown): Promise<unknown> {
    if (error instanceof AfterEffectError) {
      const reason = parkReasonOf(error);
      this.log.warn(`parked ${task.event.id} to ${task.subscription_id} (${reason}): ${String(error)}`);
      await this.forwarder.park(task, reason, error.message);
      if (reason === 'processing_error') this.health.parkedProcessingError();
      return;
    }
    handed.deliveries++;
    this.log.warn(`direct delivery of ${task.event.id} to ${task.subscription_id} failed, handed on: ${String(error)}`);
    return this.toDeliveries([markedIfReplay(task, true)]);
  }
}
