/**
 * The filters e2e's subscriptions: fifty CEL filters of ten shapes (numbers, strings, lists, nested
 * fields, macros, missing fields, a conditional), each with the same rule written again in plain
 * TypeScript, which the test uses as the independent judge of what each subscription must receive.
 */
export interface ScenarioEvent {
  id: string;
  type: string;
  created_at: string;
  data: ScenarioData;
}

export interface ScenarioData {
  amount: number;
  currency: string;
  priority: number;
  tags: string[];
  items: { sku: string; qty: number }[];
  customer?: { tier: string; country: string };
  coupon?: string;
}

export interface FilterScenario {
  events: string[];
  filter: string;
  /** The filter's meaning, independently: a field it reads that is missing means no match. */
  matches(event: ScenarioEvent): boolean;
}

const TYPES = ['order.created', 'order.updated', 'payment.failed'];
const CURRENCIES = ['EUR', 'USD', 'GBP', 'JPY'];
const TAGS = ['vip', 'gift', 'b2b', 'eu', 'us'];
const TIERS = ['gold', 'silver', 'bronze'];
const COUNTRIES = ['DE', 'FR', 'US', 'JP'];

/** A small deterministic generator, so a failure can be replayed. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function scenarioEvents(count: number, seed: number, idPrefix: string): ScenarioEvent[] {
  const next = random(seed);
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)];
  const int = (max: number) => Math.floor(next() * (max + 1));
  const createdAt = new Date().toISOString();
  return Array.from({ length: count }, (_, n) => {
    const data: ScenarioData = {
      amount: int(10_000),
      currency: pick(CURRENCIES),
      priority: int(9),
      tags: TAGS.filter(() => next() < 0.25),
      items: Array.from({ length: int(4) }, () => ({ sku: `sku-${int(4)}`, qty: 1 + int(4) })),
    };
    if (next() < 0.8) data.customer = { tier: pick(TIERS), country: pick(COUNTRIES) };
    if (next() < 0.3) data.coupon = pick(['SAVE10', 'SAVE20']);
    return { id: `${idPrefix}-${n}`, type: pick(TYPES), created_at: createdAt, data };
  });
}

const TYPE_SETS = [['*'], ['order.*'], ['order.created', 'payment.failed']];

const covers = (patterns: string[], type: string) =>
  patterns.some((p) => p === '*' || p === type || (p.endsWith('.*') && type.startsWith(p.slice(0, -1))));

/** Subscription i: shape i % 10 with parameter ⌊i / 10⌋, types by i % 3. */
export function filterScenario(i: number): FilterScenario {
  const p = Math.floor(i / 10);
  const events = TYPE_SETS[i % 3];
  const shape = SHAPES[i % 10](p);
  return { events, filter: shape.filter, matches: (e) => covers(events, e.type) && shape.matches(e) };
}

type Shape = (p: number) => { filter: string; matches: (e: ScenarioEvent) => boolean };

const SHAPES: Shape[] = [
  (p) => ({ filter: `event.data.amount > ${9_600 + p * 80}`, matches: (e) => e.data.amount > 9_600 + p * 80 }),
  (p) => ({
    filter: `event.data.currency == '${CURRENCIES[p % 4]}' && event.data.priority == ${p}`,
    matches: (e) => e.data.currency === CURRENCIES[p % 4] && e.data.priority === p,
  }),
  (p) => ({
    filter: `'${TAGS[p]}' in event.data.tags && event.data.amount < 800`,
    matches: (e) => e.data.tags.includes(TAGS[p]) && e.data.amount < 800,
  }),
  (p) => ({
    filter: `event.data.customer.tier == 'gold' && event.data.customer.country == '${COUNTRIES[p % 4]}' && event.data.priority < 3`,
    matches: (e) =>
      e.data.customer?.tier === 'gold' && e.data.customer.country === COUNTRIES[p % 4] && e.data.priority < 3,
  }),
  (p) => ({
    filter: `event.data.items.exists(i, i.qty >= 5 && i.sku == 'sku-${p}') && event.data.priority < 4`,
    matches: (e) => e.data.items.some((item) => item.qty >= 5 && item.sku === `sku-${p}`) && e.data.priority < 4,
  }),
  (p) => ({
    filter: `has(event.data.coupon) && event.data.coupon.endsWith('${p % 2 ? 20 : 10}') && event.data.priority > 7`,
    matches: (e) => e.data.coupon !== undefined && e.data.coupon.endsWith(p % 2 ? '20' : '10') && e.data.priority > 7,
  }),
  (p) => ({
    // No has(): on an event without a coupon this fails (a missing field), which is no match.
    filter: `event.data.coupon == 'SAVE${p % 2 ? 20 : 10}' && event.data.priority == ${p}`,
    matches: (e) => e.data.coupon === `SAVE${p % 2 ? 20 : 10}` && e.data.priority === p,
  }),
  (p) => ({
    filter: `size(event.data.items) == ${p} && event.data.currency in ['EUR', 'GBP'] && event.data.amount > 8000`,
    matches: (e) => e.data.items.length === p && ['EUR', 'GBP'].includes(e.data.currency) && e.data.amount > 8_000,
  }),
  (p) => ({
    filter: `event.type == 'order.updated' && int(event.data.amount) % 13 == ${p}`,
    matches: (e) => e.type === 'order.updated' && e.data.amount % 13 === p,
  }),
  (p) => ({
    filter: `event.data.customer.country in ['DE', 'FR'] ? event.data.amount > ${9_000 + p * 200} : event.data.priority == 9 && event.data.amount < 1500`,
    matches: (e) =>
      e.data.customer !== undefined &&
      (['DE', 'FR'].includes(e.data.customer.country)
        ? e.data.amount > 9_000 + p * 200
        : e.data.priority === 9 && e.data.amount < 1_500),
  }),
];
