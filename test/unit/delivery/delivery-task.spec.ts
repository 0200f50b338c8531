import { randomUUID } from 'node:crypto';
import { parseDeliveryTask } from '../../../src/modules/delivery/delivery-task.js';
import { deliveryTask } from '../../support/delivery-tasks.js';

/** A task read back from Kafka must be one whose request and attempt row can be made. */
describe('parsing a delivery task', () => {
  const task = deliveryTask('tenant-a', randomUUID());
  const parse = (over: object) => () => parseDeliveryTask(Buffer.from(JSON.stringify({ ...task, ...over })));

  it('takes a task fan-out writes', () => {
    expect(parse({})()).toEqual(task);
  });

  it.each([
    ['an event id no header can carry', { event: { ...task.event, id: 'evt\u0100' } }, /event.id/],
    ['an event id with a space', { event: { ...task.event, id: 'evt 1' } }, /event.id/],
    ['a subscription id that is not a uuid', { subscription_id: 'sub-1' }, /subscription_id/],
    ['a tenant with U+0000', { tenant_id: 'a\u0000b' }, /tenant_id/],
    ['an event type with a lone surrogate', { event: { ...task.event, type: 'a.\ud800' } }, /event.type/],
  ])('refuses %s as invalid_task', (_, over, detail) => {
    expect(parse(over)).toThrow(
      expect.objectContaining({ reason: 'invalid_task', message: expect.stringMatching(detail) }),
    );
  });
});
