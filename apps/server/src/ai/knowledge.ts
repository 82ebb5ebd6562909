/**
 * What the assistant knows about the product: the user guide (docs/guide/*.md) and the help pages (support, privacy),
 * cut into their sections and indexed
 * with MiniSearch (BM25, prefix and fuzzy matching). A section answers "how do I …" questions and links to its place
 * in the guide (/docs/<page>#<heading>).
 */
import { readdirSync, readFileSync } from 'node:fs';
import MiniSearch from 'minisearch';
import { slugify } from '@admin-portal/contract/text';

export interface GuideSection {
  id: string;
  /** The guide page (its file name) and the page's title. */
  page: string;
  pageTitle: string;
  heading: string;
  /** The section's markdown, without its heading. */
  text: string;
  url: string;
}

export interface GuideHit extends GuideSection {
  score: number;
}

const GUIDE_DIR = new URL('../../../../docs/guide/', import.meta.url);

/** Words that say nothing about what is asked. */
const STOP_WORDS = new Set(
  'a an and are as at be can could do does for from how i in is it me my of on or please should tell that the there this to what when where which who why will with would you your'.split(
    ' ',
  ),
);

/** Splits a guide page into its `##` sections (the text before the first one belongs to the page title). */
export function sectionsOf(page: string, markdown: string): GuideSection[] {
  const lines = markdown.split('\n');
  const title = (lines.find((l) => l.startsWith('# ')) ?? `# ${page}`).slice(2).trim();
  const out: GuideSection[] = [];
  let heading = title;
  let body: string[] = [];
  const seen = new Map<string, number>();
  const flush = () => {
    const text = body.join('\n').trim();
    if (text) {
      const base = slugify(heading);
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      const anchor = heading === title ? '' : `#${n === 1 ? base : `${base}-${n}`}`;
      out.push({ id: `${page}${anchor || '#top'}`, page, pageTitle: title, heading, text, url: `/docs/${page}${anchor}` });
    }
    body = [];
  };
  let inCode = false;
  for (const line of lines) {
    if (line.startsWith('```')) inCode = !inCode;
    if (!inCode && /^#{2,3} /.test(line)) {
      flush();
      heading = line.replace(/^#+ /, '').trim();
    } else if (!inCode && line.startsWith('# ')) {
      continue;
    } else body.push(line);
  }
  flush();
  return out;
}

/** Words people use for what the guide calls otherwise: the guide's word is searched too. */
const SYNONYMS: Readonly<Record<string, string>> = {
  publish: 'activate',
  publishing: 'activate',
  live: 'activate',
  enable: 'activate',
  login: 'sign in',
  logon: 'sign in',
  logout: 'sign out',
  remove: 'delete',
  erase: 'delete',
  approver: 'approval',
  approve: 'approval',
  reviewer: 'approval review',
  timeout: 'time out idle',
  expire: 'session idle',
  expires: 'session idle',
  session: 'session idle',
  mcp: 'mcp agent',
  agent: 'mcp agent',
  register: 'register tool',
  dark: 'theme dark',
  theme: 'light dark',
  switch: 'switch selector',
  csv: 'export csv',
  download: 'export',
  webhook: 'webhook notification',
  email: 'email notification',
  rule: 'condition expression',
  rules: 'condition expression',
  condition: 'condition expression',
};

/** The question with the guide's words added for the everyday ones in it. */
export function withSynonyms(question: string): string {
  const extra = question
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .flatMap((w) => SYNONYMS[w] ?? []);
  return extra.length ? `${question} ${extra.join(' ')}` : question;
}

export class Knowledge {
  readonly sections: readonly GuideSection[];
  private readonly index: MiniSearch<GuideSection>;
  private readonly byId: ReadonlyMap<string, GuideSection>;

  constructor(sections: readonly GuideSection[]) {
    this.sections = sections;
    this.byId = new Map(sections.map((s) => [s.id, s]));
    this.index = new MiniSearch<GuideSection>({
      fields: ['heading', 'text', 'pageTitle'],
      storeFields: ['id'],
      processTerm: (term) => {
        const t = term.toLowerCase();
        return STOP_WORDS.has(t) ? null : t;
      },
      searchOptions: { boost: { heading: 3, pageTitle: 1.5 }, prefix: (t) => t.length > 3, fuzzy: (t) => (t.length > 5 ? 0.2 : false), combineWith: 'OR' },
    });
    this.index.addAll([...sections]);
  }

  /** The best sections for a question, best first; none when nothing in it matches the guide. */
  search(question: string, limit = 3): GuideHit[] {
    return this.index
      .search(withSynonyms(question))
      .slice(0, limit)
      .map((r) => ({ ...this.byId.get(r.id as string)!, score: r.score }));
  }

  /** A page's sections (e.g. for context help). */
  page(page: string): GuideSection[] {
    return this.sections.filter((s) => s.page === page);
  }
}

let loaded: Knowledge | null = null;

/** The help pages beside the guide, with the portal pages that show them. */
const HELP_PAGES: readonly [file: string, path: string][] = [
  ['support.md', '/support'],
  ['privacy-policy.md', '/privacy-policy'],
];

/** The guide and the help pages shipped with this build, read once. */
export function guideKnowledge(): Knowledge {
  if (!loaded) {
    const files = readdirSync(GUIDE_DIR)
      .filter((f) => f.endsWith('.md'))
      .sort();
    const guide = files.flatMap((f) => sectionsOf(f.replace(/\.md$/, ''), readFileSync(new URL(f, GUIDE_DIR), 'utf8')));
    const help = HELP_PAGES.flatMap(([file, path]) =>
      sectionsOf(file.replace(/\.md$/, ''), readFileSync(new URL(`../${file}`, GUIDE_DIR), 'utf8')).map((s) => ({
        ...s,
        url: s.url.replace(`/docs/${s.page}`, path),
      })),
    );
    loaded = new Knowledge([...guide, ...help]);
  }
  return loaded;
}

/** A paragraph, or one item of a list, of a section. */
function blocksOf(text: string): string[] {
  const out: string[] = [];
  for (const para of text.split(/\n\s*\n/)) {
    const p = para.trim();
    if (!p || p.startsWith('```')) continue;
    if (/^([-*]|\d+\.) /.test(p)) out.push(...p.split(/\n(?=(?:[-*]|\d+\.) )/).map((item) => item.trim()));
    else out.push(p);
  }
  return out;
}

/** The question's words that say what it is about (and the guide's words for them), as lower-case stems. */
function termsOf(question: string): string[] {
  return withSynonyms(question)
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2 && !STOP_WORDS.has(w))
    .map((w) => (w.length > 5 ? w.slice(0, w.length - 2) : w));
}

/**
 * A short answer from a section (at most about `max` characters): the paragraphs and list items that mention what
 * was asked, in the section's order, else its first paragraphs.
 */
export function excerpt(text: string, max = 700, question = ''): string {
  const blocks = blocksOf(text);
  const terms = termsOf(question);
  // Rarer words count more (a word in every block says little); a block whose bold label names the word, most.
  const lower = blocks.map((b) => b.toLowerCase());
  const weight = new Map(terms.map((t) => [t, 1 / Math.max(1, lower.filter((b) => b.includes(t)).length)]));
  const label = (b: string) => /^(?:[-*]|\d+\.)?\s*\*\*([^*]+)\*\*/.exec(b)?.[1]?.toLowerCase() ?? '';
  const scored = blocks.map((b, i) => ({
    b,
    i,
    score: terms.reduce((sum, t) => sum + (lower[i]!.includes(t) ? weight.get(t)! * (label(b).includes(t) ? 3 : 1) : 0), 0),
  }));
  const picked = terms.length ? [...scored].filter((s) => s.score > 0).sort((a, b) => b.score - a.score || a.i - b.i) : [];
  const chosen: typeof scored = [];
  let size = 0;
  for (const s of picked.length ? picked : scored) {
    if (chosen.length && size + s.b.length > max) break;
    chosen.push(s);
    size += s.b.length;
  }
  const ordered = chosen.sort((a, b) => a.i - b.i).map((s) => s.b);
  let out = ordered
    .map((b, i) => (i > 0 && /^([-*]|\d+\.) /.test(b) && /^([-*]|\d+\.) /.test(ordered[i - 1]!) ? `\n${b}` : `\n\n${b}`))
    .join('')
    .trim();
  if (out.length > max * 1.5) out = `${out.slice(0, out.lastIndexOf(' ', max))} …`;
  return out;
}
