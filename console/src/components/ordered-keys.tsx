import { useState } from 'preact/hooks';
import type { Schemas } from '../../../clients/typescript/index';
import { call, client, type Page } from '../api';
import { time } from '../format';
import { useCursor, useLoad } from '../hooks';
import { href } from '../router';
import { Badge, Choice, ErrorBox, Filters, Loading, Pager, Section } from './ui';

type OrderedKey = Schemas['OrderedKeyResource'];
type Action = 'redrive' | 'skip';

const CONFIRM: Record<Action, string> = {
  redrive: 'Send this head again now, with a fresh retry schedule?',
  skip: 'Give up this head? It goes to the dead-letter queue (reason skipped) and the key moves on.',
};

/** A blocked key's redrive and skip buttons, naming the head the operator saw. */
function HeadActions({ id, k, onDone }: { id: string; k: OrderedKey; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error>();
  const act = async (action: Action) => {
    if (!confirm(CONFIRM[action])) return;
    setBusy(true);
    setError(undefined);
    try {
      const body = { key: k.key, event_id: k.head?.event_id };
      const path = action === 'redrive' ? '/webhooks/{id}/ordered-keys/redrive' : '/webhooks/{id}/ordered-keys/skip';
      await call(client.POST(path, { params: { path: { id } }, body }));
      onDone();
    } catch (err) {
      setError(err as Error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="actions">
      <button type="button" disabled={busy} onClick={() => act('redrive')}>
        Redrive
      </button>
      <button type="button" disabled={busy} onClick={() => act('skip')}>
        Skip
      </button>
      <ErrorBox error={error} />
    </div>
  );
}

function KeyRow({ id, k, onDone }: { id: string; k: OrderedKey; onDone: () => void }) {
  const head = k.head;
  return (
    <tr>
      <td>
        <code>{k.key === '' ? '(subscription)' : k.key}</code>
      </td>
      <td>
        <Badge value={k.state} kind={k.state === 'blocked' ? 'failure' : k.state} />
      </td>
      <td>{k.pending}</td>
      <td>
        {head ? (
          <>
            <a href={href.event(head.event_id)}>{head.event_id}</a>{' '}
            <span class="muted small">
              #{head.sequence}, {head.attempts} attempts
            </span>
          </>
        ) : (
          '—'
        )}
      </td>
      <td>{time(k.blocked_at ?? k.next_attempt_at)}</td>
      <td>{k.state === 'blocked' && <HeadActions id={id} k={k} onDone={onDone} />}</td>
    </tr>
  );
}

/** An ordered subscription's keys: blocked ones first asked for, each blocked head redriven or skipped here. */
export function OrderedKeys({ id, onChanged }: { id: string; onChanged: () => void }) {
  const [state, setState] = useState<'blocked' | 'all'>('blocked');
  const cursor = useCursor();
  const page = useLoad(
    () =>
      call<Page<OrderedKey>>(
        client.GET('/webhooks/{id}/ordered-keys', {
          params: { path: { id }, query: { state, after: cursor.after, limit: 25 } },
        }),
      ),
    [id, state, cursor.after],
  );
  const done = () => {
    page.reload();
    onChanged();
  };
  return (
    <Section
      title="Ordered keys"
      actions={
        <button type="button" onClick={page.reload}>
          Refresh
        </button>
      }
    >
      <Filters label="Filter ordered keys">
        <Choice
          label="Keys"
          value={state}
          options={[
            ['blocked', 'blocked'],
            ['all', 'all'],
          ]}
          onChange={(e) => {
            setState((e.target as HTMLSelectElement).value as 'blocked' | 'all');
            cursor.first();
          }}
        />
      </Filters>
      <ErrorBox error={page.error} />
      <Loading when={page.loading && !page.data} />
      {page.data && page.data.data.length === 0 && (
        <p class="muted">{state === 'blocked' ? 'No key is blocked.' : 'No key has events yet.'}</p>
      )}
      {page.data && page.data.data.length > 0 && (
        <>
          <table class="list" aria-label="Ordered keys">
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">State</th>
                <th scope="col">Pending</th>
                <th scope="col">Head</th>
                <th scope="col">Blocked / next attempt</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {page.data.data.map((k) => (
                <KeyRow key={k.key} id={id} k={k} onDone={done} />
              ))}
            </tbody>
          </table>
          <Pager cursor={cursor} page={page.data} />
        </>
      )}
    </Section>
  );
}
