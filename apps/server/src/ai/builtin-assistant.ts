/**
 * The built-in assistant: offline and deterministic (no language model runs here — no npm package ships model
 * weights, and the in-process runtimes need native addons; docs/decisions/0026). It reads the question for the
 * intents it knows (patterns over the words), answers them from the product facts the user may read, answers
 * "how do I …" from the user guide (MiniSearch over its sections), and says which of these it did. Data from the
 * database is only ever quoted, escaped: text inside an application cannot make it do anything.
 */
import { AI_PAGE_HELP } from '@admin-portal/contract/ai/page-help';
import { ROLES, type Role } from '@admin-portal/contract/roles';
import { applicantQuestion } from './applicant-question.ts';
import type { AssistantProvider, AssistantReply, AssistantRequest } from './assistant.ts';
import { portalLinks, type FactCatalogue, type FactResult, type Link, type ProductFact } from './fact-types.ts';
import { excerpt, guideKnowledge, type Knowledge } from './knowledge.ts';
import { md } from './markdown.ts';
import { suggestionsFor } from './suggestions.ts';

export const BUILTIN_ASSISTANT = 'built-in';
const WHO = 'the built-in assistant (rules, the user guide and your live data; no language model)';

type Range = 'today' | '7d' | '30d' | '90d';

export interface Intent {
  fact: string;
  args: Record<string, unknown>;
  /** Where in the question it was found (answers follow the question's order). */
  at: number;
  label: string;
}

interface Rule {
  fact: string;
  label: string;
  pattern: RegExp;
  /** Patterns that, when present, mean another rule answers instead. */
  unless?: RegExp;
  args?: (text: string) => Record<string, unknown>;
}

function rangeIn(text: string, fallback: Range): Range {
  if (/\btoday\b|\bso far\b|\bthis morning\b/.test(text)) return 'today';
  if (/\b(this|last|past) week\b|\b7 days\b|\bweekly\b/.test(text)) return '7d';
  if (/\b(this|last|past) month\b|\b30 days\b|\bmonthly\b/.test(text)) return '30d';
  if (/\bquarter\b|\b90 days\b|\b3 months\b/.test(text)) return '90d';
  return fallback;
}

const ROLE_WORDS: readonly [RegExp, Role][] = [
  [/\bsuper ?admin(istrator)?s?\b/, 'super_admin'],
  [/\bcompliance( officers?)?\b/, 'compliance_officer'],
  [/\b(business )?analysts?\b/, 'analyst'],
  [/\badmin(istrator)?s?\b/, 'admin'],
  [/\bmanagers?\b/, 'manager'],
  [/\boperators?\b/, 'operator'],
  [/\bviewers?\b/, 'viewer'],
];

export function roleIn(text: string): Role | undefined {
  const plain = text.replace(/_/g, ' ');
  for (const [re, role] of ROLE_WORDS) if (re.test(plain)) return role;
  return ROLES.find((r) => plain.includes(r));
}

const SUBJECT_NOISE = new Set(
  'a an the any all our my cases case applications application reviews review requests request of for in on to be can may could who approve approves approving decide review sign off them these those it'.split(
    ' ',
  ),
);

/** "who can approve KYC cases" → "KYC": the words after the verb that are not filler. */
export function subjectIn(original: string): string | undefined {
  const m = /\b(?:approve|review|decide(?: on)?|sign off(?: on)?|approver(?:s)? (?:of|for))\b(.*)$/i.exec(original);
  if (!m) return undefined;
  const words = m[1]!
    .replace(/[?!.,;:"'()]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !SUBJECT_NOISE.has(w.toLowerCase()));
  return words.length ? words.slice(0, 4).join(' ') : undefined;
}

const TOOL_STATUS_WORDS: readonly [RegExp, string][] = [
  [/\b(pending|await|waiting for approval|wait for approval|need approval|to approve|approval)\b/, 'pending_approval'],
  [/\bapproved\b/, 'approved'],
  [/\bdrafts?\b/, 'draft'],
  [/\bdisabled\b/, 'disabled'],
  [/\brejected\b/, 'rejected'],
];

const RULES: readonly Rule[] = [
  {
    fact: 'my_reviews',
    label: 'your reviews',
    pattern:
      /\bon my plate\b|\bmy (own )?(reviews?|queue|tasks?|work|cases)\b|\b(assigned|given) to me\b|\bi (have )?claimed\b|\bwhat (do|should) i (do|work on|review|pick)( next)?\b|\bwhat('s| is) (mine|next for me)\b/,
  },
  {
    fact: 'overdue_reviews',
    label: 'overdue reviews',
    pattern: /\b(overdue|late|breach\w*|past (the |their )?(deadline|sla)|sla)\b/,
    unless: /\bwho (can|may)\b/,
  },
  {
    fact: 'review_queue',
    label: 'the review queue',
    pattern:
      /\b(wait\w*|pending|open|queue|how many|need\w*)\b[^?]*\b(reviews?|approv\w*|decisions?)\b|\breview queue\b|\b(reviews?|approvals?)\b[^?]*\b(wait\w*|pending|open)\b/,
    unless: /\btools?\b|\bwho (can|may)\b|\bhow (do|can) i\b|\bmy (own )?(reviews?|queue)\b/,
  },
  {
    fact: 'tool_failures',
    label: 'tool failures',
    pattern: /\btools?\b[^?]*\b(fail\w*|errors?|broken|down|time ?outs?|timing out|slow|health)\b|\b(fail\w*|errors?|broken)\b[^?]*\btools?\b/,
    args: (t) => ({ range: rangeIn(t, 'today') }),
  },
  {
    fact: 'failure_reasons',
    label: 'failure reasons',
    pattern:
      /\bwhy\b[^?]*\bfail\w*|\bfailure reasons?\b|\b(applications?|cases?)\b[^?]*\bfail(ed|ing|ures?)?\b|\bfail(ed|ing|ures?)\b[^?]*\b(applications?|cases?)\b/,
    unless: /\btools?\b/,
    args: (t) => ({ range: rangeIn(t, '30d') }),
  },
  {
    fact: 'insights',
    label: 'drop-off',
    pattern: /\bdrop(s|ped|ping)?[- ]?offs?\b|\babandon\w*|\bgive up\b|\bgiving up\b|\bfunnel\b|\bwhere\b[^?]*\b(lose|stuck|stop)\b/,
    args: (t) => ({ range: rangeIn(t, '30d'), kind: 'drop_off' }),
  },
  {
    fact: 'insights',
    label: 'findings',
    pattern:
      /\binsights?\b|\bwhat should (we|i) (change|fix|improve|do)\b|\brecommend\w*\b|\bbottlenecks?\b|\bneeds? (my )?attention\b|\bwhat needs me\b|\bslow(est)? steps?\b/,
    args: (t) => ({ range: rangeIn(t, '30d') }),
  },
  {
    fact: 'onboarding_summary',
    label: 'onboarding figures',
    pattern:
      /\bhow (is|are|was|were|did)\b[^?]*\b(onboarding|going|doing|things|we|performing)\b|\bapproval rate\b|\bconversion\b|\btime to decision\b|\bhow many\b[^?]*\b(started|completed|approved|rejected|applications?|cases?)\b[^?]*\b(today|week|month|days|quarter)\b|\b(summary|overview|figures|numbers|stats|statistics)\b/,
    unless: /\bhow (is|are|was|were) (the |our )?(tools?|users?)\b/,
    args: (t) => ({ range: rangeIn(t, '7d') }),
  },
  {
    fact: 'open_applications',
    label: 'open applications',
    pattern:
      /\b(in progress|open|running|stuck|ongoing|active)\b[^?]*\b(applications?|cases?)\b|\b(applications?|cases?)\b[^?]*\b(in progress|open|running|stuck)\b|\bhow many (applications|cases)\b/,
    unless: /\breviews?\b|\btoday\b|\bweek\b|\bmonth\b|\bfail/,
  },
  {
    fact: 'who_can_approve',
    label: 'approvers',
    pattern: /\bwho\b[^?]*\b(can|may|is allowed to|should|does|do)\b[^?]*\b(approve|review|decide|sign off)\b|\bapprovers?\b/,
  },
  {
    fact: 'users',
    label: 'locked accounts',
    pattern: /\blocked( out)?\b|\block ?outs?\b/,
    args: () => ({ locked: true }),
  },
  {
    fact: 'role_permissions',
    label: 'what a role may do',
    pattern:
      /\bwhat (can|may|does|do) (a |an |the )?[a-z_ ]{3,30}\b(do|see|access)\b|\b(permissions?|rights|allowed)\b[^?]*\b(role|admin\w*|managers?|operators?|viewers?|analysts?|compliance)\b|\b(role|admin\w*|managers?|operators?|viewers?|analysts?|compliance officers?)\b[^?]*\b(permissions?|rights|allowed)\b|\bmy permissions?\b|\bwhat (can|may) i (do|see)\b|\bwhat am i allowed\b/,
    args: (t) => {
      const mine = /\bmy permissions?\b|\bwhat (can|may) i\b|\bwhat am i\b/.test(t);
      return { role: mine ? undefined : roleIn(t) };
    },
  },
  {
    fact: 'users',
    label: 'users',
    pattern:
      /\bhow many (users|accounts|people|staff)\b|\busers? by role\b|\bwho (is|are) (the |our )?(admin\w*|managers?|operators?|viewers?|analysts?|compliance officers?|super ?admin\w*)\b|\blist (the )?(users|admin\w*|managers|operators|viewers|analysts)\b/,
    args: (t) => ({ role: /\bhow many\b|\bby role\b/.test(t) ? undefined : roleIn(t) }),
  },
  {
    fact: 'workflow_templates',
    label: 'workflow templates',
    pattern: /\btemplates?\b/,
    unless: /\bhow (do|can) i\b|\bcreate\b/,
  },
  {
    fact: 'workflows',
    label: 'workflows',
    pattern: /\b(which|what|list|how many|show( me)?|any)\b[^?]*\bworkflows?\b|\bworkflows?\b[^?]*\b(active|draft|archived|published|live)\b/,
    unless: /\bhow (do|can) i\b|\btemplates?\b|\bdrop|\bfail|\b(change|improve|fix|should)\b/,
    args: (t) => ({
      status: /\b(active|published|live)\b/.test(t) ? 'active' : /\bdrafts?\b/.test(t) ? 'draft' : /\barchived\b/.test(t) ? 'archived' : undefined,
    }),
  },
  {
    fact: 'tools',
    label: 'tools',
    pattern:
      /\b(which|what|list|how many|show( me)?|any)\b[^?]*\btools?\b[^?]*\b(pending|approv\w*|waiting|drafts?|disabled|rejected|registered|are there)\b|\btools?\b[^?]*\b(wait\w* for approval|pending|need approval)\b|\bhow many tools\b/,
    unless: /\bhow (do|can) i\b|\btypes?\b|\bfail|\berrors?\b/,
    args: (t) => ({ status: TOOL_STATUS_WORDS.find(([re]) => re.test(t))?.[1] }),
  },
  {
    fact: 'organizations',
    label: 'organizations',
    pattern: /\b(which|what|list|how many|show|my)\b[^?]*\borgani[sz]ations?\b/,
    unless: /\bhow (do|can) i\b|\bswitch\b/,
  },
  { fact: 'step_types', label: 'step types', pattern: /\bstep types?\b|\b(kinds?|types?) of steps?\b|\bwhat steps\b|\bwhich steps can\b/ },
  { fact: 'tool_types', label: 'tool types', pattern: /\btool types?\b|\b(kinds?|types?) of tools?\b/ },
];

/** The intents a question holds, in the order it asks them (at most three; one fact with the same arguments once). */
export function intentsOf(message: string): Intent[] {
  let text = message.toLowerCase().replace(/\s+/g, ' ');
  const found: Intent[] = [];
  const applicant = applicantQuestion(message);
  if (applicant) {
    found.push({ fact: 'application_lookup', args: { query: applicant.query }, at: applicant.at, label: `the applicant or case "${applicant.query}"` });
    // The name's own words ("Tim Overdue") are not questions of their own.
    const at = text.indexOf(applicant.span.toLowerCase());
    if (at >= 0) text = `${text.slice(0, at)}${' '.repeat(applicant.span.length)}${text.slice(at + applicant.span.length)}`;
  }
  for (const rule of RULES) {
    const m = rule.pattern.exec(text);
    if (!m || rule.unless?.test(text)) continue;
    const args = rule.args?.(text) ?? {};
    if (rule.fact === 'who_can_approve') args.subject = subjectIn(message);
    if (found.some((f) => f.fact === rule.fact)) continue;
    found.push({ fact: rule.fact, args, at: m.index, label: rule.label });
  }
  return found.sort((a, b) => a.at - b.at).slice(0, 3);
}

const GREETING = /^\s*(hi|hello|hey|hallo|good (morning|afternoon|evening)|greetings)\b[\s!.,]*$/i;
const CAPABILITIES =
  /\bwhat can you do\b|\bwho are you\b|\bwhat are you\b|\bhelp( me)?\s*[?!.]*$|\bhow can you help\b|\bare you (an? )?(ai|bot|human|model)\b/i;
const THANKS = /^\s*(thanks|thank you|thx|cheers|great|perfect|ok(ay)?)\b[\s!.,]*$/i;
/** BM25 score under which a guide section is not taken as an answer. */
const GUIDE_MIN_SCORE = 4;

const numbered = (sections: readonly { title: string; body: string }[]) => sections.map((s, i) => `### ${i + 1}. ${s.title}\n\n${s.body}`).join('\n\n');

export class BuiltinAssistant implements AssistantProvider {
  readonly name = BUILTIN_ASSISTANT;
  readonly model = null;
  private readonly facts: FactCatalogue;
  private readonly knowledge: Knowledge;

  constructor(facts: FactCatalogue, knowledge: Knowledge = guideKnowledge()) {
    this.facts = facts;
    this.knowledge = knowledge;
  }

  /** It runs in this process: always there. */
  async online(): Promise<boolean> {
    return true;
  }

  async reply(request: AssistantRequest): Promise<AssistantReply> {
    const page = AI_PAGE_HELP[request.page];
    const where = `${page.title} page`;
    const text = request.message.trim();

    if (GREETING.test(text) || CAPABILITIES.test(text)) {
      return {
        response:
          `${page.welcome}\n\n` +
          `I am ${WHO}. I can:\n\n` +
          '- answer from your live data: the review queue, overdue reviews, open applications, one applicant or case by name, e-mail, reference or id, how onboarding is going, where applicants drop off, why cases fail, which tools fail, who may approve what, users, workflows and tools;\n' +
          '- explain how the portal works, from the user guide, with a link to the page;\n' +
          '- show only what your role may see in your organization.\n\n' +
          '*Try one of the suggestions below.*',
        suggestions: [...page.suggestions],
        links: [{ title: 'Open the user guide', url: '/docs' }],
        understood: `${where} · a greeting or a question about the assistant · answered by ${WHO}`,
        intent: 'capabilities',
      };
    }
    if (THANKS.test(text)) {
      return {
        response: 'You are welcome. Ask me anything else about your workflows, applications, tools or users.',
        suggestions: [...page.suggestions],
        links: [],
        understood: `${where} · thanks · answered by ${WHO}`,
        intent: 'thanks',
      };
    }

    const intents = intentsOf(text);
    // "How do I …" goes to the guide first; a question about the data to the facts first. Each falls back on the other.
    // A named applicant or case is looked up even in "How do I find Radia Lamarr's case?".
    const howTo = /\bhow (do|can|should) (i|we)\b|\bhow to\b|\bwhere (do|can) i\b/i.test(text) && !intents.some((i) => i.fact === 'application_lookup');
    if (howTo) return (await this.fromGuide(request, where)) ?? (await this.fromFacts(request, where, intents)) ?? this.notUnderstood(request, where);
    return (await this.fromFacts(request, where, intents)) ?? (await this.fromGuide(request, where)) ?? this.notUnderstood(request, where);
  }

  private async fromFacts(request: AssistantRequest, where: string, intents: readonly Intent[]): Promise<AssistantReply | null> {
    if (intents.length === 0) return null;
    const sections: { title: string; body: string }[] = [];
    const links: Link[] = [];
    for (const intent of intents) {
      const result = await this.run(this.facts.byName(intent.fact)!, request, intent.args);
      sections.push({ title: result.title, body: result.markdown });
      links.push(...result.links);
    }
    return {
      // Who answered is said once, in the context line (`understood`).
      response: `${numbered(sections)}\n\n*From your live data.*`,
      suggestions: suggestionsFor(
        request.page,
        request.message,
        intents.map((i) => i.fact),
      ),
      links: portalLinks(links),
      understood: `${where} · ${intents.map((i) => i.label).join(', ')} · answered by ${WHO}`,
      intent: intents.map((i) => i.fact).join(','),
    };
  }

  private async fromGuide(request: AssistantRequest, where: string): Promise<AssistantReply | null> {
    const hits = this.knowledge.search(request.message, 3).filter((h) => h.score >= GUIDE_MIN_SCORE);
    if (hits.length === 0) return null;
    const best = hits.filter((h) => h.score >= hits[0]!.score * 0.6).slice(0, 2);
    const sections = best.map((h) => ({
      title: h.heading === h.pageTitle ? h.heading : `${h.heading} (${h.pageTitle})`,
      body: `${excerpt(h.text, 700, request.message)}\n\n[Read more in the guide](${h.url})`,
    }));
    return {
      response: `${numbered(sections)}\n\n*From the user guide.*`,
      suggestions: suggestionsFor(request.page, request.message, []),
      links: portalLinks(best.map((h) => ({ title: `${h.pageTitle}: ${h.heading}`, url: h.url }))),
      understood: `${where} · a how-to question about ${best.map((h) => `"${h.heading}"`).join(' and ')} · answered by ${WHO}`,
      intent: 'guide',
    };
  }

  private notUnderstood(request: AssistantRequest, where: string): AssistantReply {
    const page = AI_PAGE_HELP[request.page];
    return {
      response:
        `I am not sure what you are asking on the ${md(page.title)} page. I am ${WHO}, so I answer the questions I recognise and what the user guide covers.\n\n` +
        '- Ask about your data, e.g. *How many applications wait for review?*\n- Or how to do something, e.g. *How do I publish a workflow?*',
      suggestions: [...page.suggestions],
      links: [{ title: 'Open the user guide', url: '/docs' }],
      understood: `${where} · not understood · answered by ${WHO}`,
      intent: null,
    };
  }

  private async run(fact: ProductFact<unknown>, request: AssistantRequest, args: Record<string, unknown>): Promise<FactResult> {
    if (!fact.allowed(request.facts.auth)) {
      return {
        title: 'Not available to you',
        markdown: `I cannot show you this: it needs the permission \`${fact.needs}\`, which your role does not have. An administrator can grant it in User Management.`,
        links: [],
      };
    }
    const parsed = fact.parameters.parse(args);
    return fact.run(request.facts, parsed);
  }
}
