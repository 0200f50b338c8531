import { useState } from 'preact/hooks';
import { call, client, type Attempt, type Subscription } from '../api';
import { ErrorBox } from './ui';

type FilterTest = { matches: boolean; type_matches?: boolean; error?: { message: string } };

type TestedEvent = {
  id?: string;
  type: string;
  created_at?: string;
  data: Record<string, unknown>;
  metadata?: Record<string, string>;
};

const MERGE_PATCH = { 'content-type': 'application/merge-patch+json' };

/** The event of the subscription's latest delivery, as stored at ingest (what the filter would see of it). */
async function recentEvent(id: string): Promise<unknown> {
  const page = await call(client.GET('/webhooks/{id}/deliveries', { params: { path: { id }, query: { limit: 1 } } }));
  const latest = (page.data as { id: string }[])[0];
  if (!latest) throw new Error('No delivery yet: write an event below, or send a test event first.');
  const attempt = await call<Attempt>(
    client.GET('/webhooks/{id}/deliveries/{attemptId}', { params: { path: { id, attemptId: latest.id } } }),
  );
  return attempt.request?.body;
}

/** Edits the subscription's filter and tests the edit against a recent event before saving it. */
export function FilterEditor({ sub, onSaved }: { sub: Subscription; onSaved: () => void }) {
  const [filter, setFilter] = useState(sub.filter ?? '');
  const [event, setEvent] = useState('');
  const [result, setResult] = useState<FilterTest>();
  const [error, setError] = useState<Error>();
  const [busy, setBusy] = useState(false);
  const path = { params: { path: { id: sub.id } } };

  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (err) {
      setError(err as Error);
    } finally {
      setBusy(false);
    }
  };
  const load = () => act(async () => setEvent(JSON.stringify(await recentEvent(sub.id), null, 2)));
  const test = () =>
    act(async () => {
      setResult(undefined);
      // What a filter reads of an event; a stored envelope's other members (sequence…) are left out.
      const { id, type, created_at, data, metadata } = JSON.parse(event) as TestedEvent;
      const tested = { id, type, created_at, data, metadata };
      const body = { event: tested, ...(filter.trim() ? { filter } : {}) };
      setResult((await call(client.POST('/webhooks/{id}/filter-tests', { ...path, body }))) as FilterTest);
    });
  const save = () =>
    act(async () => {
      const body = { filter: filter.trim() ? filter : null };
      await call(client.PATCH('/webhooks/{id}', { ...path, body, headers: MERGE_PATCH }));
      onSaved();
    });

  return (
    <div class="filter-editor">
      <label>
        Filter (CEL over <code>event</code>; empty: every event of its types)
        <textarea
          rows={3}
          spellcheck={false}
          value={filter}
          placeholder="event.data.total.amount > 1000 && event.data.status == 'paid'"
          onInput={(e) => setFilter((e.target as HTMLTextAreaElement).value)}
        />
      </label>
      <label>
        Event to test against
        <textarea
          rows={6}
          spellcheck={false}
          value={event}
          placeholder='{"type": "order.created", "data": {"total": {"amount": 1500}}}'
          onInput={(e) => setEvent((e.target as HTMLTextAreaElement).value)}
        />
      </label>
      <div class="actions">
        <button type="button" disabled={busy} onClick={load}>
          Load a recent event
        </button>
        <button type="button" disabled={busy || !event.trim()} onClick={test}>
          Test the filter
        </button>
        <button type="button" disabled={busy} onClick={save}>
          Save filter
        </button>
      </div>
      {result && (
        <p class={result.matches ? 'notice' : 'muted'} role="status">
          {result.matches
            ? 'Matches: this event would be delivered.'
            : result.type_matches === false
              ? 'Not delivered: the subscription does not take this type.'
              : result.error
                ? `No match: the filter fails on this event (${result.error.message}).`
                : 'No match: the filter keeps this event out.'}
        </p>
      )}
      <ErrorBox error={error} />
    </div>
  );
}
