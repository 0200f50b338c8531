import { useState } from 'preact/hooks';
import { get, type Attempt, type Page } from '../api';
import { AttemptsTable } from '../components/attempts-table';
import { ErrorBox, Loading, Pager } from '../components/ui';
import { useLoad } from '../hooks';

/** Every attempt of one event across the tenant's subscriptions. */
export function EventPage({ eventId }: { eventId: string }) {
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors[cursors.length - 1];
  const page = useLoad(
    () => get<Page<Attempt>>(`/events/${encodeURIComponent(eventId)}/deliveries`, { after, limit: 50 }),
    [eventId, after],
  );
  return (
    <>
      <h1 tabIndex={-1}>
        Event <code>{eventId}</code>
      </h1>
      <ErrorBox error={page.error} />
      <Loading when={page.loading && !page.data} />
      {page.data && (
        <>
          <AttemptsTable attempts={page.data.data} label="Attempts of the event" showSubscription />
          <Pager
            hasMore={page.data.pagination.has_more}
            atFirst={cursors.length === 0}
            onFirst={() => setCursors([])}
            onNext={() => setCursors([...cursors, page.data!.pagination.next_cursor!])}
          />
        </>
      )}
    </>
  );
}
