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

/** `test`: a test event (POST /v1/webhooks/{id}/test-events), attempted once and logged with this mark. */
export type DeliveryTrigger = 'initial' | 'retry' | 'manual' | 'test';

/** schemas/messages/delivery-task-v1.schema.json, as a type. */
export interface DeliveryTaskV1 {
  type: 'DeliveryTaskV1';
  tenant_id: string;
  subscription_id: string;
  event: DeliveredEnvelope;
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
  /** `event` as JSON text, exactly the bytes signed and sent (task-record.ts). Absent in older tasks. */
  body?: string;
}

/** The task as it steps aside: a record that may be a replay stays marked, so its later delivery checks too. */
export function markedIfReplay(task: DeliveryTaskV1, mayBeReplay: boolean | undefined): DeliveryTaskV1 {
  return mayBeReplay && !task.may_be_replay ? { ...task, may_be_replay: true } : task;
}

export class MalformedTaskError extends PoisonRecordError {
  constructor(message: string) {
    super('invalid_task', message);
  }
}

/** Parses a task record; throws MalformedTaskError (a poison record) for anything else. */
export function parseDeliveryTask(value: Buffer | null): DeliveryTaskV1 {
  let task: Partial<DeliveryTaskV1>;
  try {
    task = JSON.parse(value?.toString('utf8') ?? '') as Partial<DeliveryTaskV1>;
  } catch {
    throw new MalformedTaskError('delivery task is not JSON');
  }
  if (task?.type !== 'DeliveryTaskV1') throw new MalformedTaskError(`unknown task type ${String(task?.type)}`);
  if (!task.subscription_id || !task.tenant_id || !task.event?.id || !Number.isInteger(task.attempt))
    throw new MalformedTaskError('delivery task lacks subscription_id, tenant_id, event.id or attempt');
  // What the attempt's request and its row carry: a header-safe id, names Postgres can store.
  if (!isMessageId(task.event.id)) throw new MalformedTaskError('event.id must be 1-255 visible ASCII characters');
  if (!UUID.test(String(task.subscription_id))) throw new MalformedTaskError('subscription_id must be a uuid');
  if (!isStorableName(task.tenant_id) || !isStorableName(task.event.type))
    throw new MalformedTaskError('tenant_id and event.type must be text without U+0000');
  if (task.body !== undefined && typeof task.body !== 'string') throw new MalformedTaskError('body must be a string');
  return task as DeliveryTaskV1;
}

/** A test event's id begins with this: it is sent, and its attempt logged, but the event is not kept. */
export const TEST_EVENT_PREFIX = 'test_';
