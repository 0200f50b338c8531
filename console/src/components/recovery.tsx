import { useState } from 'preact/hooks';
import { call, client } from '../api';
import { OperationStatus, isRunning, useOperation } from './operation-tracker';
import { ErrorBox } from './ui';

const hoursAgo = (h: number) => {
  const d = new Date(Date.now() - h * 3_600_000);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** Re-delivers the failed (or all) events of a window; the started operation is followed here. */
export function RecoveryForm({ id, onFinished }: { id: string; onFinished: () => void }) {
  const [since, setSince] = useState(() => hoursAgo(24));
  const [which, setWhich] = useState<'failed' | 'all'>('failed');
  // Once it finished, the page's deliveries and charts show what the recovery sent.
  const [op, follow] = useOperation(onFinished);
  const [error, setError] = useState<Error>();

  const start = async (e: Event) => {
    e.preventDefault();
    setError(undefined);
    try {
      const started = await call(
        client.POST('/webhooks/{id}/recoveries', {
          params: { path: { id } },
          body: { since: new Date(since).toISOString(), status: which },
        }),
      );
      await follow(started.id);
    } catch (err) {
      setError(err as Error);
    }
  };

  return (
    <form onSubmit={start} class="inline-form" aria-label="Start a recovery">
      <label>
        Since
        <input
          type="datetime-local"
          required
          value={since}
          onInput={(e) => setSince((e.target as HTMLInputElement).value)}
        />
      </label>
      <label>
        Events
        <select value={which} onChange={(e) => setWhich((e.target as HTMLSelectElement).value as 'failed' | 'all')}>
          <option value="failed">failed only</option>
          <option value="all">all</option>
        </select>
      </label>
      <button type="submit" disabled={op !== undefined && isRunning(op)}>
        Start recovery
      </button>
      <ErrorBox error={error} />
      {op && <OperationStatus op={op} label="Recovery progress" />}
    </form>
  );
}
