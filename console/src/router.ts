import { useEffect, useState } from 'preact/hooks';

/**
 * Hash routes (#/subscriptions/…): the server serves one index.html for /console, and nothing the
 * console puts in the URL is secret (the key stays in sessionStorage).
 */
export type Route =
  | { page: 'subscriptions' }
  | { page: 'subscription'; id: string }
  | { page: 'attempt'; id: string; attemptId: string }
  | { page: 'event'; eventId: string }
  | { page: 'dead-letters' }
  | { page: 'operations'; highlight?: string }
  | { page: 'event-types' }
  | { page: 'api-keys' };

export function parse(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  switch (parts[0]) {
    case 'subscriptions':
      if (parts[1] && parts[2] === 'attempts' && parts[3])
        return { page: 'attempt', id: parts[1], attemptId: parts[3] };
      return parts[1] ? { page: 'subscription', id: parts[1] } : { page: 'subscriptions' };
    case 'events':
      return parts[1] ? { page: 'event', eventId: parts[1] } : { page: 'subscriptions' };
    case 'dead-letters':
      return { page: 'dead-letters' };
    case 'operations':
      return { page: 'operations', highlight: parts[1] };
    case 'event-types':
      return { page: 'event-types' };
    case 'api-keys':
      return { page: 'api-keys' };
    default:
      return { page: 'subscriptions' };
  }
}

export const href = {
  subscriptions: () => '#/subscriptions',
  subscription: (id: string) => `#/subscriptions/${encodeURIComponent(id)}`,
  attempt: (id: string, attemptId: string) =>
    `#/subscriptions/${encodeURIComponent(id)}/attempts/${encodeURIComponent(attemptId)}`,
  event: (eventId: string) => `#/events/${encodeURIComponent(eventId)}`,
  deadLetters: () => '#/dead-letters',
  operations: (highlight?: string) => (highlight ? `#/operations/${highlight}` : '#/operations'),
  eventTypes: () => '#/event-types',
  apiKeys: () => '#/api-keys',
};

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parse(location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parse(location.hash));
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

export const navigate = (to: string) => {
  location.hash = to;
};
