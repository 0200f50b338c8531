import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';

const markdown = new MarkdownIt({ html: true });
const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;
const HTML_TARGET = /\s(?:href|src)="([^"]+)"/g;
const HTML_ANCHOR = /\s(?:id|name)="([^"]+)"/g;

export interface Link {
  target: string;
  line: number;
}

/** The text GitHub makes a heading's anchor from: its inline content without markup. */
const plainText = (inline: Token) =>
  (inline.children ?? [])
    .filter((t) => t.type === 'text' || t.type === 'code_inline')
    .map((t) => t.content)
    .join('');

/**
 * The anchors a page offers, by GitHub's rules (github-slugger: lower case, punctuation dropped,
 * spaces to hyphens, -1, -2… for repeats), plus explicit `id`/`name` attributes in its HTML.
 */
export function anchorsOf(text: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  const tokens = markdown.parse(text, {});
  tokens.forEach((token, i) => {
    if (token.type === 'heading_open') anchors.add(slugger.slug(plainText(tokens[i + 1])));
    if (token.type === 'html_block' || token.type === 'inline') {
      const html = token.type === 'inline' ? (token.children ?? []).filter((t) => t.type === 'html_inline') : [token];
      for (const part of html) for (const match of part.content.matchAll(HTML_ANCHOR)) anchors.add(match[1]);
    }
  });
  return anchors;
}

/** Every link and image target of a page with its line, code blocks and code spans left out. */
export function linksOf(text: string): Link[] {
  const links: Link[] = [];
  let line = 1;
  for (const token of markdown.parse(text, {})) {
    // Inline tokens of table cells carry no line: the row's does.
    if (token.map) line = token.map[0] + 1;
    const html = token.type === 'html_block' ? [token] : [];
    for (const child of token.children ?? []) {
      if (child.type === 'link_open') links.push({ target: String(child.attrGet('href') ?? ''), line });
      if (child.type === 'image') links.push({ target: String(child.attrGet('src') ?? ''), line });
      if (child.type === 'html_inline') html.push(child);
    }
    for (const part of html)
      for (const match of part.content.matchAll(HTML_TARGET)) links.push({ target: match[1], line });
  }
  return links;
}

const anchorCache = new Map<string, Set<string>>();
const anchorsOfFile = (path: string) => {
  if (!anchorCache.has(path)) anchorCache.set(path, anchorsOf(readFileSync(path, 'utf8')));
  return anchorCache.get(path)!;
};

/** What is wrong with one link of `file`, or undefined when it resolves; external links are not fetched. */
export function problemOf(file: string, target: string): string | undefined {
  if (target === '') return 'empty link';
  if (EXTERNAL.test(target)) return undefined;
  const [path, anchor] = target.split('#', 2) as [string, string | undefined];
  const resolved = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
  if (!existsSync(resolved)) return `no such file: ${relative(process.cwd(), resolved)}`;
  if (anchor === undefined || anchor === '') return undefined;
  if (statSync(resolved).isDirectory() || extname(resolved) !== '.md')
    return `an anchor into a file that has none: #${anchor}`;
  const anchors = anchorsOfFile(resolved);
  return anchors.has(decodeURIComponent(anchor))
    ? undefined
    : `no heading #${anchor} in ${relative(process.cwd(), resolved)}`;
}

/** `file:line → target: problem` for every broken link of a Markdown file. */
export function brokenLinks(file: string): string[] {
  return linksOf(readFileSync(file, 'utf8')).flatMap(({ target, line }) => {
    const problem = problemOf(file, target);
    return problem ? [`${relative(process.cwd(), file)}:${line} → ${target}: ${problem}`] : [];
  });
}
