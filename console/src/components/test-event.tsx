import { useState } from 'preact/hooks';
import { call, client, type Subscription } from '../api';
import { href } from '../router';
import { ErrorBox } from './ui';

/** Sends the catalog's example of a type the subscription takes (or the data written), signed and logged as a test. */
export function TestEventButton({ sub, onSent }: { sub: Subscription; onSent: () => void }) {
  const exact = sub.events.filter((e) => !e.endsWith('*'));
  const [type, setType] = useState(exact[0] ?? '');
  const [data, setData] = useState('');
  const [sent, setSent] = useState<string>();
  const [error, setError] = useState<Error>();
  const [busy, setBusy] = useState(false);
  const send = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    setSent(undefined);
    try {
      const body = { type, ...(data.trim() ? { data: JSON.parse(data) as Record<string, unknown> } : {}) };
      const answer = await call(client.POST('/webhooks/{id}/test-events', { params: { path: { id: sub.id } }, body }));
      setSent(answer.event_id);
      onSent();
    } catch (err) {
      setError(err as Error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="inline-form" onSubmit={send} aria-label="Send a test event">
      <label>
        Type
        <input
          required
          value={type}
          list={`types-${sub.id}`}
          onInput={(e) => setType((e.target as HTMLInputElement).value)}
        />
        <datalist id={`types-${sub.id}`}>
          {exact.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
      </label>
      <label>
        Data (JSON; the catalog's example when empty)
        <textarea
          rows={2}
          spellcheck={false}
          value={data}
          onInput={(e) => setData((e.target as HTMLTextAreaElement).value)}
        />
      </label>
      <button type="submit" disabled={busy || !type}>
        Send test event
      </button>
      {sent && (
        <p class="notice" role="status">
          Sent <a href={href.event(sent)}>{sent}</a>; its attempt shows in the deliveries below.
        </p>
      )}
      <ErrorBox error={error} />
    </form>
  );
}
