/**
 * The built-in workflow generator: a description in plain words → a workflow graph that passes the same checks as
 * one drawn in the builder (step-type schemas, graph rules, approved tools), with the assumptions it made listed.
 * Deterministic: it reads the description for what it knows — the data to collect, documents, checks by the
 * organization's approved tools, an AI summary or decision, a threshold, a review by a role within a deadline, a
 * wait, notifications — and lays them out in the usual order: start, forms, checks, decision, review, messages, ends.
 */
import { OTHERWISE_BRANCH } from '@admin-portal/contract/workflows/step-types/condition';
import type { WorkflowGraph } from '@admin-portal/contract/workflows/graph';
import { wrapIntoRows } from './draft-layout.ts';

export interface ToolInfo {
  name: string;
  description: string;
}

export interface GeneratedWorkflow {
  name: string;
  description: string;
  category: string;
  graph: WorkflowGraph;
  assumptions: string[];
}

type FieldType = 'text' | 'email' | 'number' | 'date' | 'select' | 'checkbox' | 'file';

interface FieldRule {
  pattern: RegExp;
  key: string;
  label: string;
  type: FieldType;
  options?: string[];
  document?: boolean;
}

/** Data people ask applicants for, and how to recognise it in a description. */
const FIELDS: readonly FieldRule[] = [
  { pattern: /\b(full )?names?\b|\bwho they are\b/, key: 'full_name', label: 'Full name', type: 'text' },
  { pattern: /\be-?mail\b/, key: 'email', label: 'Email', type: 'email' },
  { pattern: /\bphone|mobile|telephone\b/, key: 'phone', label: 'Phone number', type: 'text' },
  { pattern: /\b(date of birth|birth ?date|birthday|dob|age)\b/, key: 'date_of_birth', label: 'Date of birth', type: 'date' },
  { pattern: /\b(home |postal |residential )?address\b(?! proof)/, key: 'address', label: 'Address', type: 'text' },
  { pattern: /\bnationality|citizenship\b/, key: 'nationality', label: 'Nationality', type: 'text' },
  { pattern: /\bcountry\b/, key: 'country', label: 'Country', type: 'text' },
  { pattern: /\b(company|business|firm|legal entity)( name)?\b/, key: 'company_name', label: 'Company name', type: 'text' },
  {
    pattern: /\b(company|registration|register|incorporation) (number|no|id)\b|\bcrn\b/,
    key: 'company_number',
    label: 'Company registration number',
    type: 'text',
  },
  { pattern: /\b(tax|vat)( id| number)?\b/, key: 'tax_id', label: 'Tax ID', type: 'text' },
  { pattern: /\b(income|salary|earnings|revenue|turnover)\b/, key: 'annual_income', label: 'Annual income', type: 'number' },
  { pattern: /\b(loan|credit|requested) amount\b|\bamount\b|\bhow much\b/, key: 'amount', label: 'Amount', type: 'number' },
  { pattern: /\biban|bank account|account number\b/, key: 'iban', label: 'IBAN', type: 'text' },
  { pattern: /\b(employment|employer|occupation|job)\b/, key: 'occupation', label: 'Occupation', type: 'text' },
  { pattern: /\b(purpose|reason for)\b/, key: 'purpose', label: 'Purpose', type: 'text' },
  {
    pattern: /\bpassport|id card|identity document|photo id|government id|id document\b/,
    key: 'identity_document',
    label: 'Identity document',
    type: 'file',
    document: true,
  },
  { pattern: /\bproof of address|utility bill\b/, key: 'proof_of_address', label: 'Proof of address', type: 'file', document: true },
  { pattern: /\b(bank statements?|payslips?|pay slips?|proof of income)\b/, key: 'proof_of_income', label: 'Proof of income', type: 'file', document: true },
  {
    pattern: /\b(articles of association|certificate of incorporation|company documents?|register extract)\b/,
    key: 'company_documents',
    label: 'Company documents',
    type: 'file',
    document: true,
  },
  { pattern: /\bselfie|liveness\b/, key: 'selfie', label: 'Selfie', type: 'file', document: true },
  { pattern: /\b(consent|terms|privacy policy|agree)\b/, key: 'consent', label: 'I agree to the terms and the privacy policy', type: 'checkbox' },
];

/** Checks a description may ask for, and the words a matching tool's name or description would use. */
const CHECKS: readonly { pattern: RegExp; label: string; words: RegExp }[] = [
  { pattern: /\b(company|business|commercial) regist(er|ry)\b|\bregistry\b/, label: 'company register lookup', words: /regist|company|kyb|business/ },
  { pattern: /\bsanction|pep\b|politically exposed|watch ?list\b/, label: 'sanctions screening', words: /sanction|pep|screen|watch/ },
  { pattern: /\bcredit (check|score|bureau|report)|creditworth/, label: 'credit check', words: /credit|score|bureau/ },
  {
    pattern: /\b(identity|id) (check|verification)|verify (their |the )?identity|\bkyc check\b/,
    label: 'identity verification',
    words: /identity|kyc|id_|verify/,
  },
  { pattern: /\bfraud\b/, label: 'fraud check', words: /fraud|risk/ },
  { pattern: /\baddress (check|verification|lookup)|verify (the )?address\b/, label: 'address verification', words: /address|postcode|geo/ },
  { pattern: /\b(crm|customer record|existing customer)\b/, label: 'CRM lookup', words: /crm|customer/ },
];

const ROLES: readonly [RegExp, 'compliance_officer' | 'manager' | 'admin' | 'operator', string][] = [
  [/\bcompliance\b/, 'compliance_officer', 'Compliance review'],
  [/\bmanager|senior|supervisor|four[- ]eyes\b/, 'manager', 'Manager review'],
  [/\badmin(istrator)?\b/, 'admin', 'Administrator review'],
  [/\boperator|agent|analyst|staff|team|someone|a person|human\b/, 'operator', 'Operator review'],
];

const UNIT_HOURS: Record<string, number> = { minute: 1 / 60, minutes: 1 / 60, hour: 1, hours: 1, h: 1, day: 24, days: 24, business: 24, week: 168, weeks: 168 };

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, ten: 10, twelve: 12, fourteen: 14, thirty: 30 };
const num = (s: string) => NUMBER_WORDS[s] ?? Number(s.replace(/[,_]/g, ''));

/** The kind of workflow, by what it is about, for a name when the description gives none. */
function kindOf(text: string): string {
  if (/\bmerchant/.test(text)) return 'Merchant onboarding';
  if (/\b(kyb|company|business)\b/.test(text)) return 'Business onboarding';
  if (/\bloan\b/.test(text)) return 'Loan application';
  if (/\b(credit|card|lending|mortgage)\b/.test(text)) return 'Credit application';
  if (/\binsurance\b/.test(text)) return 'Insurance application';
  if (/\b(account opening|open an account|new account)\b/.test(text)) return 'Account opening';
  if (/\baddress change\b|\bnew address\b/.test(text)) return 'Address change';
  if (/\bkyc|identity|passport|individual\b/.test(text)) return 'Individual KYC';
  return 'Customer onboarding';
}

/**
 * The draft's name: the title the description starts with ("Individual KYC: collect …"), else what the workflow is
 * (its kind, with its first check), never the description's first words.
 */
function titleOf(description: string, text: string, checks: readonly string[]): string {
  const head = /^\s*([^:\n]{2,60}?)\s*(?::|\s[—–]\s)/.exec(description)?.[1]?.trim();
  const looksLikeTitle =
    head && head.split(/\s+/).length <= 6 && !/^(we|i|our|please|collect|ask|create|build|make|when|if|the applicant|applicants?)\b/i.test(head);
  if (looksLikeTitle)
    return head
      .replace(/[^A-Za-z0-9 ()&'/-]/g, '')
      .trim()
      .replace(/^./, (c) => c.toUpperCase());
  const kind = kindOf(text);
  return checks.length ? `${kind} with ${checks[0]}` : kind;
}

function categoryOf(text: string): string {
  if (/\b(kyb|company|business)\b/.test(text)) return 'kyb';
  if (/\b(loan|credit|lending|mortgage)\b/.test(text)) return 'lending';
  if (/\b(account opening|open an account|new account)\b/.test(text)) return 'accounts';
  if (/\bkyc|identity|onboard/.test(text)) return 'kyc';
  return 'general';
}

/** A condition the description states that the draft routes on: cases where it holds go to the review. */
interface Rule {
  /** The form field it reads (added to the form when not already asked for). */
  field: FieldRule;
  expression: string;
  label: string;
  /** The words of the description it came from. */
  phrase: string;
}

const COMPARATORS: Record<string, '>' | '>=' | '<' | '<='> = {
  over: '>',
  above: '>',
  'more than': '>',
  'greater than': '>',
  exceeds: '>',
  exceed: '>',
  'at least': '>=',
  under: '<',
  below: '<',
  'less than': '<',
  'at most': '<=',
  'fewer than': '<',
};
const DATE_FIELDS: Record<'company' | 'person', FieldRule> = {
  company: { pattern: /$^/, key: 'incorporation_date', label: 'Date of incorporation', type: 'date' },
  person: { pattern: /$^/, key: 'date_of_birth', label: 'Date of birth', type: 'date' },
};

/**
 * Every condition the description states that the generator can express: an age (a company younger than 2 years, an
 * applicant under 25 years old: `years_since` of a date field), and a number over or under a value (the amount over
 * 10000, the turnover above 50k). A number counted in time units that is not an age is left to the caller's
 * "not understood" list.
 */
function rulesIn(text: string, fields: readonly FieldRule[]): Rule[] {
  const rules: Rule[] = [];
  const taken: [number, number][] = [];
  const free = (m: RegExpExecArray) => !taken.some(([a, b]) => m.index < b && m.index + m[0].length > a);
  const age =
    /\b(?:the\s+)?(company|business|firm|entity|applicant|customer|person|client|they|he|she)\s+(?:is\s+|was\s+)?(?:(younger|newer|older)\s+than|(less|more|fewer)\s+than|(under|over))\s+([0-9]+|[a-z]+)\s+(years?|months?)(?:\s+old)?|\b(company|business|firm|entity)\s+(?:was\s+)?(?:incorporated|founded|registered|set up|created)\s+(less|more|fewer)\s+than\s+([0-9]+|[a-z]+)\s+(years?|months?)\s+ago/g;
  for (const m of text.matchAll(age)) {
    const subject = m[1] ?? m[8]!;
    const word = (m[2] ?? m[3] ?? m[4] ?? m[9])!;
    const amount = num((m[5] ?? m[10])!);
    const unit = (m[6] ?? m[11])!;
    const years = unit.startsWith('month') ? amount / 12 : amount;
    if (!Number.isFinite(years) || !Number.isInteger(years)) continue;
    const company = /company|business|firm|entity/.test(subject) || (/\b(they)\b/.test(subject) && /\b(company|business)\b/.test(text));
    const field = DATE_FIELDS[company ? 'company' : 'person'];
    const op = /younger|newer|less|fewer|under/.test(word) ? '<' : '>=';
    rules.push({
      field,
      expression: `years_since(data.${field.key}) ${op} ${years}`,
      label: `${company ? 'company' : 'applicant'} ${op === '<' ? 'younger than' : 'at least'} ${years} year${years === 1 ? '' : 's'}`,
      phrase: m[0].trim(),
    });
    taken.push([m.index, m.index + m[0].length]);
  }
  const numeric =
    /\b(?:if|when|where|for)?\s*(?:the\s+)?([a-z][a-z ]{1,30}?)\s+(?:is\s+|are\s+)?(over|above|more than|greater than|exceeds?|at least|under|below|less than|fewer than|at most)\s+[$€£]?\s*([0-9][0-9,._]*|[a-z]+)\s*(k\b)?(\s*(?:years?|months?|weeks?|days?|hours?|minutes?)\b)?/g;
  for (const m of text.matchAll(numeric)) {
    if (!free(m) || m[5]) continue;
    const value = num(m[3]!) * (m[4] ? 1000 : 1);
    if (!Number.isFinite(value)) continue;
    const subject = m[1]!.trim().replace(/^(if|when|where|for) (the )?/, '');
    const words = subject.split(' ');
    const known = fields.find(
      (f) => f.type === 'number' && words.some((w) => w.length > 2 && !STOP_WORDS.has(w) && (f.key.includes(w) || f.label.toLowerCase().includes(w))),
    );
    const named = words
      .filter((w) => /^[a-z]+$/.test(w) && !STOP_WORDS.has(w))
      .slice(-2)
      .join('_');
    const key =
      known?.key ??
      (/\b(score|risk)\b/.test(subject)
        ? 'risk_score'
        : /\b(income|salary|turnover|revenue|earnings)\b/.test(subject)
          ? 'annual_income'
          : /\b(amount|loan|sum|limit)\b/.test(subject)
            ? 'amount'
            : named || null);
    if (!key) continue;
    const field = known ??
      FIELDS.find((f) => f.key === key) ?? {
        pattern: /$^/,
        key,
        label: key.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase()),
        type: 'number' as const,
      };
    const op = COMPARATORS[m[2]!]!;
    rules.push({ field, expression: `data.${key} ${op} ${value}`, label: `${key.replaceAll('_', ' ')} ${op} ${value}`, phrase: m[0].trim() });
    taken.push([m.index, m.index + m[0].length]);
  }
  return rules;
}

/** Words that name no field ("if it is over 10", "when they earn more than …"). */
const STOP_WORDS = new Set('it they he she we this that its their his her the a an is are was be has have earn earns costs cost'.split(' '));

/** Words that make a clause a condition or a branch, which the draft must show or list as not understood. */
const CONDITIONAL =
  /\b(if|unless|only if|in case|whenever|provided that|otherwise|else|except)\b|\b(younger|older) than\b|\b(over|above|more than|greater than|exceeds?|at least|under|below|less than|fewer than|at most)\s+[$€£]?[0-9a-z]/;

/** The clauses of a description (sentences, and their parts between semicolons). */
const clausesOf = (description: string) =>
  description
    .split(/(?<=[.!?;])\s+|\n+/)
    .map((c) => c.trim().replace(/[.;]+$/, ''))
    .filter(Boolean);

export function generateWorkflow(description: string, options: { name?: string; approvedTools?: readonly ToolInfo[] } = {}): GeneratedWorkflow {
  const text = description.toLowerCase().replace(/\s+/g, ' ');
  const assumptions: string[] = [];
  const steps: WorkflowGraph['steps'] = [];
  const connections: WorkflowGraph['connections'] = [];
  let x = 0;
  /** A step at the current column (`at` for another), `y` off the main line. */
  const add = (key: string, type: string, name: string, config: Record<string, unknown>, y = 0, at = x) => {
    steps.push({ id: key, type, name, config, position: { x: at, y } });
    return key;
  };
  const link = (source: string, target: string, condition: string | null = null) => connections.push({ source, target, condition, label: null });
  const next = () => (x += 280);

  // Data to collect.
  const found = FIELDS.filter((f) => f.pattern.test(text));
  const data = found.filter((f) => !f.document);
  const documents = found.filter((f) => f.document);
  if (!data.some((f) => f.key === 'full_name')) data.unshift(FIELDS[0]!);
  if (!data.some((f) => f.key === 'email')) {
    data.splice(1, 0, FIELDS[1]!);
    assumptions.push('Asked for the applicant’s email, so they can be told the outcome.');
  }
  if (found.filter((f) => !f.document).length === 0) assumptions.push('The description names no data to collect: the form asks for the full name and email.');
  const rules = rulesIn(text, data);
  for (const rule of rules) if (!data.some((f) => f.key === rule.field.key) && rule.field.key !== 'risk_score') data.push(rule.field);
  const firstNumber = rules.find((r) => r.field.type === 'number');
  const field = (f: FieldRule) => ({
    key: f.key,
    label: f.label,
    type: f.type,
    required: f.type !== 'checkbox' || /\bconsent|agree\b/.test(text),
    options: f.options ?? [],
  });

  let last = add('start', 'start', 'Application received', {
    trigger: /\bstaff (create|enter)|manual(ly)?\b/.test(text) ? 'manual' : 'api',
    required_fields: [],
  });
  next();
  const details = add('details', 'form', 'Applicant details', { title: 'Your details', instructions: 'Tell us about yourself.', fields: data.map(field) });
  link(last, details);
  last = details;
  if (documents.length) {
    next();
    const docs = add('documents', 'form', 'Documents', { title: 'Upload your documents', instructions: 'PDF, JPEG or PNG.', fields: documents.map(field) });
    link(last, docs);
    last = docs;
  }

  // Checks by the organization's approved tools.
  const tools = options.approvedTools ?? [];
  for (const check of CHECKS.filter((c) => c.pattern.test(text))) {
    const tool = tools.find((t) => check.words.test(`${t.name} ${t.description}`.toLowerCase()));
    if (!tool) {
      assumptions.push(`No approved tool does a ${check.label}: register one in the Tool Registry, then add a Tool step for it.`);
      continue;
    }
    next();
    const key = `check_${tool.name.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}`.slice(0, 60);
    if (steps.some((s) => s.id === key)) continue;
    const input = Object.fromEntries(data.slice(0, 4).map((f) => [f.key, `data.${f.key}`]));
    add(key, 'tool', check.label[0]!.toUpperCase() + check.label.slice(1), {
      tool_name: tool.name,
      input_mapping: input,
      output_field: key.replace(/^check_/, '').slice(0, 60) || 'tool_result',
      on_error: 'fail',
      retries: 2,
    });
    link(last, key);
    last = key;
    assumptions.push(
      `The ${check.label} uses the approved tool "${tool.name}", with the applicant’s ${data
        .slice(0, 4)
        .map((f) => f.label.toLowerCase())
        .join(', ')} as input.`,
    );
  }

  // An AI summary or decision.
  const wantsAi = /\b(ai|artificial intelligence|automatic(ally)? (decide|assess|score)|risk (score|assessment)|summar(y|ise|ize))\b/.test(text);
  if (wantsAi) {
    next();
    const decision = /\b(decide|decision|score|assess|triage|route)\b/.test(text) && !/\bsummar/.test(text);
    add(
      'ai',
      'ai',
      decision ? 'AI risk assessment' : 'AI summary',
      decision
        ? {
            mode: 'decision',
            prompt: `approve if ${firstNumber ? `not (${firstNumber.expression})` : 'data.amount < 1000'}\nreview if true`,
            output_field: 'ai_decision',
            options: ['approve', 'review'],
          }
        : { mode: 'summary', prompt: 'Summarise the application for the reviewer.', output_field: 'ai_summary', options: [] },
    );
    link(last, 'ai');
    last = 'ai';
    if (decision)
      assumptions.push(
        'The AI step decides by rules written in its prompt ("approve if …"); edit them to your policy. A reviewer still decides the cases it sends to review.',
      );
  }

  // A wait.
  const wait = /\bwait(?:ing)?(?: for)? ([0-9]+|[a-z]+) (minutes?|hours?|days?|weeks?)\b/.exec(text);
  if (wait && Number.isFinite(num(wait[1]!))) {
    next();
    const unit = wait[2]!.replace(/s?$/, 's');
    const weeks = unit === 'weeks';
    add('wait', 'delay', `Wait ${wait[1]} ${wait[2]}`, { amount: num(wait[1]!) * (weeks ? 7 : 1), unit: weeks ? 'days' : unit });
    link(last, 'wait');
    last = 'wait';
  }

  // The decision: an approval by a role (within a deadline), maybe only above a threshold.
  const review =
    !/\bno (review|approval|manual check)\b|\bwithout (a |any )?(review|approval)\b/.test(text) &&
    /\b(approv\w*|review\w*|sign[- ]off|decid\w*|manual check|four[- ]eyes|check(ed)? by)\b|\b(operator|manager|compliance officer|admin\w*|someone|a person) (checks?|verif\w*|looks? at|confirms?)\b/.test(
      text,
    );
  const role = ROLES.find(([re]) => re.test(text)) ?? ROLES[3]!;
  const sla = /\bwithin ([0-9]+|[a-z]+) (business days?|days?|hours?|h|weeks?)\b/.exec(text);
  const slaHours = sla ? Math.min(24 * 30, Math.max(1, Math.round(num(sla[1]!) * (UNIT_HOURS[sla[2]!.split(' ')[0]!] ?? 24)))) : 24;
  const emailOutcome = /\b(e-?mail|notify|inform|tell|let .* know|confirm\w*)\b/.test(text);
  const webhook = /\bwebhook\b[^.]*?(https:\/\/[^\s,;]+)/.exec(description) ?? /(https:\/\/[^\s,;]+)[^.]*\bwebhook\b/.exec(description);
  const internal = /\bnotify (the )?(team|operators?|compliance|managers?|staff)\b/.exec(text);

  const finish = (from: string, condition: string | null, outcome: 'approved' | 'rejected' | 'completed', y: number) => {
    let tail = from;
    let cond = condition;
    let ex = x;
    if (emailOutcome) {
      ex += 280;
      const key = `notify_${outcome}`;
      const words: Record<typeof outcome, readonly [string, string, string]> = {
        approved: ['Tell the applicant: approved', 'Your application is approved', 'Good news, {{data.full_name}}: your application is approved.'],
        rejected: ['Tell the applicant: declined', 'Your application', 'Dear {{data.full_name}}, we cannot accept your application at this time.'],
        completed: ['Confirm to the applicant', 'We have received your application', 'Thank you, {{data.full_name}}: we have received your application.'],
      };
      const [title, subject, message] = words[outcome];
      add(key, 'notification', title, { channel: 'email', to: '{{data.email}}', subject, message }, y, ex);
      link(tail, key, cond);
      tail = key;
      cond = null;
    }
    ex += 280;
    const key = `end_${outcome}`;
    add(key, 'end', outcome === 'approved' ? 'Approved' : outcome === 'rejected' ? 'Rejected' : 'Done', { outcome }, y, ex);
    link(tail, key, cond);
  };

  if (webhook) {
    next();
    add('webhook', 'notification', 'Notify the other system', {
      channel: 'webhook',
      to: webhook[1]!.replace(/[.)]+$/, ''),
      subject: '',
      message: '{"application": "{{application.id}}", "status": "received"}',
    });
    link(last, 'webhook');
    last = 'webhook';
  }
  if (internal) {
    next();
    const who = internal[2]!.startsWith('compliance') ? 'compliance_officer' : internal[2]!.startsWith('manager') ? 'manager' : 'operator';
    add('notify_team', 'notification', 'Tell the team', {
      channel: 'internal',
      to: who,
      subject: 'New application',
      message: 'A new application from {{data.full_name}} has arrived.',
    });
    link(last, 'notify_team');
    last = 'notify_team';
  }

  // What happens to the cases no condition sends to review: approved, unless the description says they are declined.
  const otherwise: 'approved' | 'rejected' = /\b(otherwise|else)\b[^.;]*\b(reject|decline|refuse|deny)/.test(text) ? 'rejected' : 'approved';
  if (review || rules.length) {
    let reviewFrom = last;
    let reviewCondition: string | null = null;
    if (rules.length) {
      next();
      const expression = rules.length === 1 ? rules[0]!.expression : rules.map((r) => `(${r.expression})`).join(' or ');
      add('threshold', 'condition', rules.length === 1 ? `Does it need a review (${rules[0]!.label})?` : 'Does it need a review?', {
        branches: [
          {
            id: 'needs_review',
            label: rules
              .map((r) => r.label)
              .join(' or ')
              .slice(0, 100),
            expression,
          },
        ],
        otherwise: true,
      });
      link(last, 'threshold');
      reviewFrom = 'threshold';
      reviewCondition = 'needs_review';
      assumptions.push(
        `Only applications where ${rules.map((r) => `“${r.phrase}”`).join(' or ')} go to a review (${expression}); the others are ${otherwise === 'approved' ? 'approved' : 'declined'} at once.`,
      );
      for (const rule of rules)
        if (rule.field.type === 'date' && !found.some((f) => f.key === rule.field.key))
          assumptions.push(`Asked for the ${rule.field.label.toLowerCase()}, to tell ${rule.label.split(' ')[0]}’s age.`);
    }
    next();
    add('review', 'approval', role[2], {
      instructions: 'Check the applicant’s details and documents, then approve or reject.',
      assignee_role: role[1],
      sla_hours: slaHours,
    });
    link(reviewFrom, 'review', reviewCondition);
    if (!ROLES.slice(0, 3).some(([re]) => re.test(text))) assumptions.push('Reviews go to operators (the description names no role).');
    if (!sla) assumptions.push('Reviews are due within 24 hours (the description gives no deadline).');
    finish('review', 'approved', 'approved', -120);
    finish('review', 'rejected', 'rejected', 120);
    // The rest: approved (or declined) directly, through the message for it when there is one.
    if (rules.length) link('threshold', emailOutcome ? `notify_${otherwise}` : `end_${otherwise}`, OTHERWISE_BRANCH);
  } else {
    finish(last, null, 'completed', 0);
    assumptions.push('The description asks for no review: every complete application ends as completed.');
  }

  // Every condition, threshold and branch of the description is in the draft or said here not to be.
  for (const clause of clausesOf(description)) {
    const lower = clause.toLowerCase().replace(/\s+/g, ' ');
    if (!CONDITIONAL.test(lower)) continue;
    const shown = rules.some((r) => lower.includes(r.phrase)) || (rules.length > 0 && /^(otherwise|else)\b/.test(lower));
    const deadline = /\bwithin\b/.test(lower) && !/\b(if|unless|only if|in case|otherwise|else|younger|older)\b/.test(lower);
    if (!shown && !deadline) assumptions.push(`Not understood, so not in the draft: “${clause}”. Add a Condition step for it in the builder.`);
  }

  const checkLabels = CHECKS.filter((c) => c.pattern.test(text)).map((c) => c.label);
  return {
    name: (options.name?.trim() || titleOf(description, text, checkLabels)).slice(0, 200),
    description: description.trim().slice(0, 2000),
    category: categoryOf(text),
    graph: { steps: wrapIntoRows(steps), connections },
    assumptions,
  };
}
