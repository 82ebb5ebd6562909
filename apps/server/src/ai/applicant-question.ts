/**
 * For the built-in assistant: whether a question asks about one applicant or case ("Who is Radia Lamarr?", "What
 * about radia@example.com?", "Where is Radia Lamarr's application?", "Status of DEMO-10042", "Tell me about <id>"),
 * and what to look up. A name must look like one — capitalised, not a word of the portal's own ("Tell me about the
 * Tool Registry", "Who is locked out?", "What about KYC?" are other questions) — except in "Where is X's
 * application?", which says by itself that X is an applicant.
 */

export interface ApplicantQuestion {
  /** The name, e-mail address, external reference or application id to look up. */
  query: string;
  /** Where in the message the question starts. */
  at: number;
  /** The words of the message that are the query (left out when the rest of the message is read for other intents). */
  span: string;
}

const CASE = String.raw`(?:applications?|cases?|onboarding|file)`;
const POSSESSIVE = String.raw`(?:'s|’s|'|’)`;

/** The phrasings, each capturing the subject; `strong` ones say by themselves that the subject is an applicant. */
const FORMS: readonly { re: RegExp; strong: boolean }[] = [
  { re: new RegExp(String.raw`\bwhere(?:'s|’s|\s+is|\s+are)\s+(.+?)${POSSESSIVE}\s+${CASE}\b`, 'i'), strong: true },
  { re: new RegExp(String.raw`\bwhere(?:'s|’s|\s+is|\s+are)\s+the\s+${CASE}\s+(?:of|for|from)\s+(.+)`, 'i'), strong: true },
  { re: new RegExp(String.raw`\bstatus\s+of\s+(?:the\s+)?${CASE}\s+(?:of|for|from)\s+(.+)`, 'i'), strong: true },
  // "Who has the Hamilton case?", "Who has Ada Lovelace's review?" (issue 35: the lookup says who has its review).
  { re: new RegExp(String.raw`\bwho\s+has\s+(?:the\s+)?(.+?)(?:${POSSESSIVE})?\s+(?:${CASE}|reviews?)\b`, 'i'), strong: false },
  { re: new RegExp(String.raw`\bwhere(?:'s|’s|\s+is)\s+(?:the\s+)?${CASE}\s+(.+)`, 'i'), strong: false },
  { re: /\bstatus\s+of\s+(.+)/i, strong: false },
  { re: new RegExp(String.raw`^\W*(?:and\s+|so\s+)?(?:what(?:'s|’s|\s+is)\s+)?(.+?)${POSSESSIVE}\s+status\b`, 'i'), strong: false },
  { re: /\bwho(?:'s|’s|\s+is|\s+was)\s+(.+)/i, strong: false },
  { re: /\bwhat\s+about\s+(.+)/i, strong: false },
  { re: /\btell\s+me\s+(?:more\s+)?about\s+(.+)/i, strong: false },
  { re: /\b(?:look\s+up|lookup|find|search\s+for)\s+(.+)/i, strong: false },
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** An external reference: one token with a digit (DEMO-10042, C-77812, ACME/2026/0042), not a bare number or a range like 30d. */
const REFERENCE = /^(?=.*\d)(?=.*[a-z_./-])[a-z0-9][a-z0-9_./-]{3,}$/i;
const NAME_WORD = /^[\p{L}][\p{L}\p{M}'’.-]*$/u;

/** Words that start a phrase that is not a name. */
const DETERMINERS = new Set('a an the my our your their his her its this that these those some any all every each no which what who'.split(' '));
/** Words that are never a person's name, even as an applicant ("Where is everyone's application?"). */
const PRONOUNS = new Set('everyone everybody anyone anybody someone somebody nobody me you us them him it i we they'.split(' '));

/** Words of the portal, of roles, of time and of everyday questions: a subject with one of them is not a name. */
const NOT_NAMES = new Set(
  (
    'workflow workflows tool tools registry dashboard analytics builder monitor template templates user users role roles permission permissions ' +
    'organization organizations organisation organisations audit log logs settings setting review reviews reviewer reviewers queue step steps ' +
    'application applications case cases session sessions mcp api apis assistant ai guide portal approval approvals approver approvers form forms ' +
    'condition conditions configuration config integration integrations webhook webhooks sla slas kyc kyb aml funnel funnels insight insights ' +
    'management onboarding real-time overview report reports notification notifications toast toasts sidebar header footer theme password ' +
    'profile account accounts admin admins administrator administrators manager managers operator operators viewer viewers analyst analysts ' +
    'compliance officer officers staff there here ' +
    'allowed able responsible online offline locked going doing today yesterday tomorrow week weeks month months quarter year now ' +
    'failing failed failures overdue pending open active draft drafts archived running waiting stuck drop-off errors error'
  ).split(' '),
);

/** The subject up to the end of its clause, without quotes, "the applicant", "'s application" and the like. */
function clean(raw: string): string {
  let s = raw.split(/[?!;\n]|,\s|\s+(?:and|or|but)\s+(?=(?:how|what|which|who|where|why|when|is|are|do|does|can|could|show|list|tell)\b)/i)[0] ?? '';
  s = s
    .trim()
    .replace(/[.:]+$/, '')
    .trim();
  s = s.replace(new RegExp(String.raw`${POSSESSIVE}\s+(?:${CASE}|status|progress)$`, 'i'), '');
  s = s.replace(
    new RegExp(
      String.raw`^(?:the\s+)?(?:applicant|customer|client|person|${CASE})(?:\s+(?:named|called|with\s+the\s+(?:e-?mail|id|reference)|id|ref(?:erence)?))?\s+`,
      'i',
    ),
    '',
  );
  s = s.replace(/^["“'‘«]+|["”'’»]+$/g, '').trim();
  return s;
}

function looksLikeName(subject: string, strong: boolean): boolean {
  const words = subject.split(/\s+/);
  if (words.length > 5 || subject.length > 100) return false;
  if (!words.every((w) => NAME_WORD.test(w))) return false;
  const lower = words.map((w) => w.toLowerCase().replace(/(?:'s|’s)$/, ''));
  if (DETERMINERS.has(lower[0]!) || lower.some((w) => PRONOUNS.has(w))) return false;
  if (strong) return true;
  if (lower.some((w) => NOT_NAMES.has(w))) return false;
  // A lone short word in capitals is an acronym ("What about SEPA?"), not a person.
  if (words.length === 1 && words[0]!.length <= 5 && words[0] === words[0]!.toUpperCase()) return false;
  return words.some((w) => /^\p{Lu}/u.test(w));
}

/** The applicant or case a message asks about, if it asks about one. */
export function applicantQuestion(message: string): ApplicantQuestion | undefined {
  const text = message.replace(/\s+/g, ' ');
  for (const form of FORMS) {
    const m = form.re.exec(text);
    if (!m) continue;
    const span = clean(m[1]!);
    if (span.length < 2) continue;
    if (UUID.test(span) || EMAIL.test(span) || REFERENCE.test(span) || looksLikeName(span, form.strong)) return { query: span, at: m.index, span };
  }
  return undefined;
}
