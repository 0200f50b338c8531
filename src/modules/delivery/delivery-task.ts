import { storableText } from '../../platform/database/storable-text.js';
import { isMessageId } from '../../platform/egress/signer.js';
import { PoisonRecordError } from '../../platform/kafka/poison-record.error.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isStorableName = (name: unknown) => typeof name === 'string' && name.length <= 255 && storableText(name) === name;

/** The envelope as the consumer receives it: the event plus Hookline's ordering metadata. */
export interface DeliveredEnvelope {
  id: string;
  type: string;
  created_at: string;
  data: Record<string, unknown>;
  sequence: number;
  previous_event_id: string | null;
}

/** The envelope's members a task carries beside its body: all but `data`, which only the body holds. */
export type EventHead = Omit<DeliveredEnvelope, 'data'>;

/** `test`: a test event (POST /v1/webhooks/{id}/test-events), attempted once and logged with this mark. */
export type DeliveryTrigger = 'initial' | 'retry' | 'manual' | 'test';

/** What both forms of a task carry beside the event. */
interface TaskMembers {
  tenant_id: string;
  subscription_id: string;
  attempt: number;
  trigger: DeliveryTrigger;
  first_attempt_at: string;
  enqueued_at: string;
  traceparent?: string;
  /** The previous attempt's span, which this attempt's span links to (retries only). */
  previous_attempt_traceparent?: string;
  /** How often the task stepped aside because its subscription stalled (not attempts). */
  deferrals?: number;
  /**
   * Fanned out again from an ingest record read a second time (a crash or rebalance before its
   * commit): the delivery stage first checks the attempt log for a success. Absent means false.
   */
  may_be_replay?: boolean;
}

/**
 * schemas/messages/delivery-task-v2.schema.json, as a type: one delivery of one event to one
 * subscription, the form every writer writes and the one the code works with. It carries the
 * event once: `body`, the envelope's exact text, which is signed and sent as it is; `event` holds
 * the few members dispatch reads (id, type, ordering), not the data.
 */
export interface DeliveryTaskV2 extends TaskMembers {
  type: 'DeliveryTaskV2';
  event: EventHead;
  /** The envelope as JSON text, exactly the bytes signed and sent (task-record.ts). */
  body: string;
}

/**
 * schemas/messages/delivery-task-v1.schema.json, as a type: the form written before V2, which
 * carried the whole envelope in `event` and (since a later V1 writer) its text again in `body`.
 * Still read, so that a rolling upgrade delivers the V1 tasks in flight; never written.
 */
export interface DeliveryTaskV1 extends TaskMembers {
  type: 'DeliveryTaskV1';
  event: DeliveredEnvelope;
  /** `event` as JSON text, exactly the bytes signed and sent. Absent in older tasks. */
  body?: string;
}

/** The task as it steps aside: a record that may be a replay stays marked, so its later delivery checks too. */
export function markedIfReplay(task: DeliveryTaskV2, mayBeReplay: boolean | undefined): DeliveryTaskV2 {
  return mayBeReplay && !task.may_be_replay ? { ...task, may_be_replay: true } : task;
}

export class MalformedTaskError extends PoisonRecordError {
  constructor(message: string) {
    super('invalid_task', message);
  }
}

/** Parses a task record, either form; throws MalformedTaskError (a poison record) for anything else. */
export function parseDeliveryTask(value: Buffer | null): DeliveryTaskV2 {
  let task: unknown;
  try {
    task = JSON.parse(value?.toString('utf8') ?? '');
  } catch {
    throw new MalformedTaskError('delivery task is not JSON');
  }
  return readDeliveryTask(task);
}

/** A parsed task of either form as DeliveryTaskV2 (a V1 task's body is its own, or its event serialised). */
export function readDeliveryTask(value: unknown): DeliveryTaskV2 {
  const task = value as Partial<DeliveryTaskV2> | Partial<DeliveryTaskV1> | null;
  if (task?.type !== 'DeliveryTaskV2' && task?.type !== 'DeliveryTaskV1')
    throw new MalformedTaskError(`unknown task type ${String(task?.type)}`);
  if (!task.subscription_id || !task.tenant_id || !task.event?.id || !Number.isInteger(task.attempt))
    throw new MalformedTaskError('delivery task lacks subscription_id, tenant_id, event.id or attempt');
  // What the attempt's request and its row carry: a header-safe id, names Postgres can store.
  if (!isMessageId(task.event.id)) throw new MalformedTaskError('event.id must be 1-255 visible ASCII characters');
  if (!UUID.test(String(task.subscription_id))) throw new MalformedTaskError('subscription_id must be a uuid');
  if (!isStorableName(task.tenant_id) || !isStorableName(task.event.type))
    throw new MalformedTaskError('tenant_id and event.type must be text without U+0000');
  if (task.body !== undefined && typeof task.body !== 'string') throw new MalformedTaskError('body must be a string');
  if (task.type === 'DeliveryTaskV2') {
    if (task.body === undefined) throw new MalformedTaskError('a DeliveryTaskV2 carries its body');
    return task as DeliveryTaskV2;
  }
  return fromV1(task as DeliveryTaskV1);
}

function fromV1(task: DeliveryTaskV1): DeliveryTaskV2 {
  const { event, body, type, ...members } = task;
  void type;
  const { data, ...head } = event;
  void data;
  // A V1 task without a body predates exact bodies: its event serialised is what it always sent.
  return { type: 'DeliveryTaskV2', ...members, event: head, body: body ?? JSON.stringify(event) };
}

/** A test event's id begins with this: it is sent, and its attempt logged, but the event is not kept. */
export const TEST_EVENT_PREFIX = 'test_';
