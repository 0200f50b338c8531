import { useEffect, useState } from 'preact/hooks';
import { setUnauthorizedHandler } from './api';
import { href, useRoute, type Route } from './router';
import { session } from './session';
import { ApiKeysPage } from './pages/api-keys';
import { AttemptPage } from './pages/attempt';
import { DeadLettersPage } from './pages/dead-letters';
import { EventPage } from './pages/event';
import { EventTypesPage } from './pages/event-types';
import { OperationsPage } from './pages/operations';
import { SignIn } from './pages/sign-in';
import { SubscriptionPage } from './pages/subscription';
import { SubscriptionsPage } from './pages/subscriptions';

const NAV: [Route['page'], string, string][] = [
  ['subscriptions', 'Subscriptions', href.subscriptions()],
  ['dead-letters', 'Dead letters', href.deadLetters()],
  ['operations', 'Operations', href.operations()],
  ['event-types', 'Event types', href.eventTypes()],
  ['api-keys', 'API keys', href.apiKeys()],
];

function Page({ route }: { route: Route }) {
  switch (route.page) {
    case 'subscription':
      return <SubscriptionPage id={route.id} />;
    case 'attempt':
      return <AttemptPage id={route.id} attemptId={route.attemptId} />;
    case 'event':
      return <EventPage eventId={route.eventId} />;
    case 'dead-letters':
      return <DeadLettersPage />;
    case 'operations':
      return <OperationsPage highlight={route.highlight} />;
    case 'event-types':
      return <EventTypesPage />;
    case 'api-keys':
      return <ApiKeysPage />;
    default:
      return <SubscriptionsPage />;
  }
}

export function App() {
  const [signedIn, setSignedIn] = useState(() => session.key() !== null);
  const route = useRoute();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      session.signOut();
      setSignedIn(false);
    });
  }, []);
  // A new page starts at the top and takes the focus to its heading, for keyboard and screen readers.
  useEffect(() => {
    document.querySelector<HTMLElement>('main h1')?.focus();
  }, [route]);

  if (!signedIn) return <SignIn onSignedIn={() => setSignedIn(true)} />;
  const active = route.page === 'subscription' || route.page === 'attempt' ? 'subscriptions' : route.page;
  return (
    <>
      <a class="skip" href="#main" onClick={(e) => (e.preventDefault(), document.getElementById('main')?.focus())}>
        Skip to content
      </a>
      <header class="top">
        <span class="brand">Hookline</span>
        <nav aria-label="Main">
          {NAV.map(([page, label, to]) => (
            <a key={page} href={to} aria-current={active === page ? 'page' : undefined}>
              {label}
            </a>
          ))}
        </nav>
        <button
          type="button"
          class="link"
          onClick={() => {
            session.signOut();
            setSignedIn(false);
            location.hash = '';
          }}
        >
          Sign out
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        <Page route={route} />
      </main>
    </>
  );
}
