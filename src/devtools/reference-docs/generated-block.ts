/**
 * A generated part of a hand-written page sits between two HTML comments, so the prose around it
 * stays editable and only the block is rewritten (Hookdeck Outpost keeps its configuration
 * reference the same way).
 */
export const REGENERATE_DOCS_COMMAND = 'npm run docs:generate';

const begin = (name: string) => `<!-- BEGIN GENERATED: ${name} (${REGENERATE_DOCS_COMMAND}) -->`;
const end = (name: string) => `<!-- END GENERATED: ${name} -->`;

/** The page with its block `name` replaced by `content`; throws when the page has no such block. */
export function replaceGeneratedBlock(page: string, name: string, content: string): string {
  const start = page.indexOf(begin(name));
  const stop = page.indexOf(end(name));
  if (start < 0 || stop < start) {
    throw new Error(`no generated block "${name}": the page needs the lines\n${begin(name)}\n${end(name)}`);
  }
  return `${page.slice(0, start)}${begin(name)}\n\n${content.trim()}\n\n${page.slice(stop)}`;
}

/**
 * Escapes what would break a Markdown table cell (pipes, line breaks) and, outside code spans, what
 * Markdown would take for HTML or emphasis: `<prefix>` in prose would vanish as an unknown tag.
 */
export function tableCell(text: string): string {
  return inlineText(text)
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ');
}

/** Text taken from the code, made safe as Markdown prose: `<` and `*` escaped outside code spans. */
export function inlineText(text: string): string {
  const prose = (part: string) => part.replace(/</g, '&lt;').replace(/\*/g, '\\*');
  return text
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 === 1 ? part : prose(part)))
    .join('');
}

/** A Markdown table; prettier aligns it afterwards. */
export function markdownTable(headers: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map(tableCell).join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}
