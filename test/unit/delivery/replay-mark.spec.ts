import { markedIfReplay } from '../../../src/modules/delivery/delivery-task.js';
import { deliveryTask } from '../../support/delivery-tasks.js';

const task = deliveryTask('t', '0190a000-0000-7000-8000-000000000001');

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
