/**
 * Text Postgres can hold in a `text` or `jsonb` value, whatever it was given: U+0000 (which no
 * Postgres text may contain) and unpaired surrogates (which are not Unicode, and which `jsonb`
 * refuses as escapes) become U+FFFD. For what Hookline stores about others' bytes (an endpoint's
 * answer, a parked record's headers), so that keeping a record of them can never fail.
 */
export function storableText(text: string): string {
  const wellFormed = text.isWellFormed() ? text : text.toWellFormed();
  return wellFormed.includes('\u0000') ? wellFormed.replaceAll('\u0000', '\uFFFD') : wellFormed;
}

/** storableText of at most the first `max` UTF-16 units (a pair the cut splits becomes U+FFFD). */
export function storableExcerpt(text: string, max: number): string {
  return storableText(text.length > max ? text.slice(0, max) : text);
}

/** Headers (names and values) as a jsonb value can hold them; a name "__proto__" stays a member. */
export function storableHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    Object.defineProperty(out, storableText(name), { value: storableText(value), enumerable: true });
  return out;
}
