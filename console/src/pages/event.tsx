import { call, client, type Attempt, type Page } from '../api';
import { AttemptsTable } from '../components/attempts-table';
import { ErrorBox, Loading, Pager } from '../components/ui';
import { useCursor, useLoad } from '../hooks';

/** Every attempt of one event across the tenant's subscriptions. */
export function EventPage({ eventId }: { eventId: string }) {
  const cursor = useCursor();
  const page = useLoad(
    () =>
      call<Page<Attempt>>(
        client.GET('/events/{eventId}/deliveries', {
          params: { path: { eventId }, query: { after: cursor.after, limit: 50 } },
        }),
      ),
    [eventId, cursor.after],
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
          <Pager cursor={cursor} page={page.data} />
        </>
      )}
    </>
  );
}
