import { useState } from 'preact/hooks';
import { call, client, type Circuit, type Subscription } from '../api';
import { Badge, Choice, ErrorBox, Filters, Loading, Pager } from '../components/ui';
import { time } from '../format';
import { useCursor, useLoad } from '../hooks';
import { href } from '../router';

function CircuitCell({ id }: { id: string }) {
  const circuit = useLoad(
    () => call<Circuit>(client.GET('/webhooks/{id}/circuit', { params: { path: { id } } })),
    [id],
  );
  if (!circuit.data) return <span class="muted">…</span>;
  return <Badge value={circuit.data.state} kind={`circuit-${circuit.data.state}`} />;
}

function SubscriptionTable({ subscriptions }: { subscriptions: Subscription[] }) {
  if (subscriptions.length === 0) return <p class="muted">No subscriptions match.</p>;
  return (
    <table class="list" aria-label="Subscriptions">
      <thead>
        <tr>
          <th scope="col">Subscription</th>
          <th scope="col">Events</th>
          <th scope="col">Status</th>
          <th scope="col">Circuit</th>
          <th scope="col">Created</th>
        </tr>
      </thead>
      <tbody>
        {subscriptions.map((s) => (
          <tr key={s.id}>
            <td>
              <a href={href.subscription(s.id)}>{s.description || s.url}</a>
              {s.description && <div class="muted small">{s.url}</div>}
            </td>
            <td>{s.events.join(', ')}</td>
            <td>
              <Badge value={s.status} />
            </td>
            <td>
              <CircuitCell id={s.id} />
            </td>
            <td>{time(s.created_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface FiltersProps {
  status: string;
  event: string;
  onStatus: (e: Event) => void;
  onEvent: (e: Event) => void;
}

function SubscriptionFilters({ status, event, onStatus, onEvent }: FiltersProps) {
  return (
    <Filters label="Filter subscriptions">
      <Choice
        label="Status"
        value={status}
        options={[['', 'any'], 'active', 'failing', 'disabled']}
        onChange={onStatus}
      />
      <label>
        Event type
        <input type="search" placeholder="order.created" value={event} onChange={onEvent} />
      </label>
    </Filters>
  );
}

/** The tenant's subscriptions, filtered by status and event type, with status and circuit badges. */
export function SubscriptionsPage() {
  const [status, setStatus] = useState('');
  const [event, setEvent] = useState('');
  const cursor = useCursor();
  const page = useLoad(
    () =>
      call(
        client.GET('/webhooks', {
          params: {
            query: {
              status: (status || undefined) as Subscription['status'] | undefined,
              event: event.trim() || undefined,
              after: cursor.after,
              limit: 20,
            },
          },
        }),
      ),
    [status, event, cursor.after],
  );
  const filter = (set: (v: string) => void) => (e: Event) => {
    set((e.target as HTMLInputElement).value);
    cursor.first();
  };
  return (
    <>
      <h1 tabIndex={-1}>Subscriptions</h1>
      <SubscriptionFilters status={status} event={event} onStatus={filter(setStatus)} onEvent={filter(setEvent)} />
      <ErrorBox error={page.error} />
      <Loading when={page.loading && !page.data} />
      {page.data && (
        <>
          {/* Without `fields` every member is there (the document types the narrowed form). */}
          <SubscriptionTable subscriptions={page.data.data as Subscription[]} />
          <Pager cursor={cursor} page={page.data} />
        </>
      )}
    </>
  );
}
