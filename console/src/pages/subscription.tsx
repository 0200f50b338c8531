import { useState } from 'preact/hooks';
import { call, client, getSubscription, type Circuit, type Subscription } from '../api';
import { Authentication } from '../components/authentication';
import { DeliveryCharts } from '../components/charts';
import { Deliveries } from '../components/deliveries';
import { FilterEditor } from '../components/filter-editor';
import { OrderedKeys } from '../components/ordered-keys';
import { RecoveryForm } from '../components/recovery';
import { TestEventButton } from '../components/test-event';
import { Badge, ErrorBox, Fields, Loading, Section } from '../components/ui';
import { time } from '../format';
import { useLoad } from '../hooks';
import { href } from '../router';

/** Runs one action at a time: busy meanwhile, its error shown, `onChanged` after it succeeded. */
function useAction(onChanged: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error>();
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      onChanged();
    } catch (err) {
      setError(err as Error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

function Actions({ sub, onChanged }: { sub: Subscription; onChanged: () => void }) {
  const { busy, error, run } = useAction(onChanged);
  const [secret, setSecret] = useState<string>();
  const path = { params: { path: { id: sub.id } } };
  const rotate = () =>
    run(async () => {
      if (!confirm('Rotate the signing secret? The current one keeps signing for 24 hours.')) return;
      const answer = await call(client.POST('/webhooks/{id}/secret-rotations', { ...path, body: {} }));
      setSecret(answer.secret);
    });
  return (
    <div class="actions">
      {sub.status === 'active' ? (
        <button
          type="button"
          disabled={busy}
          onClick={() => run(() => call(client.POST('/webhooks/{id}/disable', path)))}
        >
          Disable
        </button>
      ) : (
        <button
          type="button"
          disabled={busy}
          onClick={() => run(() => call(client.POST('/webhooks/{id}/enable', path)))}
        >
          Enable
        </button>
      )}
      <button type="button" disabled={busy} onClick={rotate}>
        Rotate secret
      </button>
      <ErrorBox error={error} />
      {secret && (
        <p class="notice" role="status">
          New secret (shown once, copy it now): <code>{secret}</code>
        </p>
      )}
    </div>
  );
}

/** The subscription's settings, status and circuit. */
function Configuration({ s, circuit }: { s: Subscription; circuit?: Circuit }) {
  return (
    <Fields
      rows={[
        [
          'Status',
          <>
            <Badge value={s.status} /> {s.status_reason && <span class="muted">{s.status_reason}</span>}
          </>,
        ],
        ['Circuit', circuit ? <Badge value={circuit.state} kind={`circuit-${circuit.state}`} /> : '…'],
        ['URL', <code>{s.url}</code>],
        ['Events', s.events.join(', ')],
        ['Filter', s.filter ? <code>{s.filter}</code> : <span class="muted">none: every event of its types</span>],
        [
          'Ordering',
          s.ordering ? (
            <>
              by <code>{s.ordering.key}</code>, on exhausted: {s.ordering.on_exhausted}
            </>
          ) : (
            <span class="muted">none: events go as fast as possible</span>
          ),
        ],
        ['Alert URL', s.alert_url],
        ['Signatures', s.signature_scheme === 'ed25519' ? 'Ed25519 (Standard Webhooks v1a)' : 'HMAC-SHA256'],
        ['Metadata', Object.keys(s.metadata ?? {}).length ? <code>{JSON.stringify(s.metadata)}</code> : null],
        ['ID', <code>{s.id}</code>],
        ['Created', time(s.created_at)],
        ['Updated', time(s.updated_at)],
      ]}
    />
  );
}

export function SubscriptionPage({ id }: { id: string }) {
  const sub = useLoad(() => getSubscription(id), [id]);
  const [round, setRound] = useState(0);
  const circuit = useLoad(
    () => call<Circuit>(client.GET('/webhooks/{id}/circuit', { params: { path: { id } } })),
    [id],
  );
  const s = sub.data;
  return (
    <>
      <p class="crumbs">
        <a href={href.subscriptions()}>Subscriptions</a> /
      </p>
      <h1 tabIndex={-1}>{s ? s.description || s.url : 'Subscription'}</h1>
      <ErrorBox error={sub.error} />
      <Loading when={sub.loading && !s} />
      {s && (
        <>
          <Section
            title="Configuration"
            actions={<Actions sub={s} onChanged={() => (sub.reload(), circuit.reload())} />}
          >
            <Configuration s={s} circuit={circuit.data} />
          </Section>
          <Section title="Authentication">
            <Authentication s={s} onChanged={() => sub.reload()} />
          </Section>
          <Section title="Filter">
            <FilterEditor key={`${s.id}:${s.version}`} sub={s} onSaved={() => sub.reload()} />
          </Section>
          <Section title="Test event">
            <TestEventButton sub={s} onSent={() => setTimeout(() => setRound((n) => n + 1), 1_500)} />
          </Section>
          {s.ordering && <OrderedKeys id={id} onChanged={() => setRound((n) => n + 1)} />}
          <DeliveryCharts id={id} refresh={round} />
          <Section title="Recovery">
            <RecoveryForm
              id={id}
              onFinished={() => {
                setRound((n) => n + 1);
                sub.reload();
              }}
            />
          </Section>
          <Deliveries id={id} refresh={round} />
        </>
      )}
    </>
  );
}
