import { markedIfReplay, type DeliveryTaskV1 } from '../../../src/modules/delivery/delivery-task.js';

const task: DeliveryTaskV1 = {
  type: 'DeliveryTaskV1',
  tenant_id: 't',
  subscription_id: '0190a000-0000-7000-8000-000000000001',
  event: {
    id: 'evt_1',
    type: 'order.created',
    created_at: '2026-11-24T00:00:00Z',
    data: {},
    sequence: 1,
    previous_event_id: null,
  },
  attempt: 1,
  trigger: 'initial',
  first_attempt_at: '2026-11-24T00:00:00Z',
  enqueued_at: '2026-11-24T00:00:00Z',
};

describe('markedIfReplay', () => {
  it('marks a task stepping aside from a record that may be a replay, so its later delivery checks', () => {
    expect(markedIfReplay(task, true)).toEqual({ ...task, may_be_replay: true });
    expect(task.may_be_replay).toBeUndefined();
  });

  it('leaves any other task as it is', () => {
    expect(markedIfReplay(task, false)).toBe(task);
    expect(markedIfReplay(task, undefined)).toBe(task);
    const marked = { ...task, may_be_replay: true };
    expect(markedIfReplay(marked, true)).toBe(marked);
  });
});
