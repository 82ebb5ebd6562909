/**
 * The built-in generators on the evaluation descriptions: every workflow passes the activation checks of an
 * organization with the evaluation's approved tools, every tool definition passes the tool checks, and each draft has
 * what its description asked for.
 */
import { describe, expect, it } from 'vitest';
import { EVAL_TOOLS, TOOL_CASES, WORKFLOW_CASES } from '../eval/generator-cases.ts';
import { toolProblems, workflowProblems } from './draft-generator.ts';
import { generateTool } from './tool-generator.ts';
import { generateWorkflow } from './workflow-generator.ts';

describe('the built-in workflow generator', () => {
  for (const c of WORKFLOW_CASES) {
    it(`drafts "${c.id}" as a valid workflow with what was asked`, () => {
      const draft = generateWorkflow(c.description, { approvedTools: EVAL_TOOLS });
      expect(workflowProblems(draft.graph, EVAL_TOOLS)).toEqual([]);
      expect(c.checks.map((check) => check(draft.graph)).filter(Boolean)).toEqual([]);
      expect(draft.name.length).toBeGreaterThan(0);
    });
  }

  it('says what it assumed, e.g. a check no approved tool does', () => {
    const draft = generateWorkflow('Card application with a fraud check and a review by a manager.', { approvedTools: EVAL_TOOLS });
    expect(draft.assumptions.some((a) => a.includes('No approved tool does a fraud check'))).toBe(true);
    const none = generateWorkflow('Onboard new customers', { approvedTools: [] });
    expect(none.assumptions.some((a) => a.includes('names no data'))).toBe(true);
    expect(workflowProblems(none.graph, [])).toEqual([]);
  });
});

describe('the built-in tool generator', () => {
  for (const c of TOOL_CASES) {
    it(`drafts "${c.id}" as a valid tool with what was asked`, () => {
      const draft = generateTool(c.description, { takenNames: new Set() });
      expect(toolProblems(draft, new Set())).toEqual([]);
      expect(c.checks.map((check) => check(draft)).filter(Boolean)).toEqual([]);
    });
  }

  it('picks a free name and says so when the obvious one is taken', () => {
    const first = generateTool('Validate an IBAN with GET https://iban.example.com/validate/{iban}');
    const second = generateTool('Validate an IBAN with GET https://iban.example.com/validate/{iban}', { takenNames: new Set([first.name]) });
    expect(second.name).toBe(`${first.name}_2`);
    expect(second.assumptions.some((a) => a.includes('is taken'))).toBe(true);
  });
});

describe('the built-in workflow generator keeps every condition, or says which it could not', () => {
  const stepOf = (draft: ReturnType<typeof generateWorkflow>, type: string) => draft.graph.steps.find((s) => s.type === type);
  const edge = (draft: ReturnType<typeof generateWorkflow>, source: string, condition: string) =>
    draft.graph.connections.find((c) => c.source === source && c.condition === condition);

  it('routes on a company’s age: young companies to a review, the others approved automatically', () => {
    const draft = generateWorkflow(
      'Business onboarding: collect the company name and registration number and look the company up in the company register. If the company is younger than 2 years, a compliance officer reviews it within 2 days; otherwise approve automatically.',
      { approvedTools: EVAL_TOOLS },
    );
    expect(workflowProblems(draft.graph, EVAL_TOOLS)).toEqual([]);
    const condition = stepOf(draft, 'condition')!;
    expect((condition.config.branches as { expression: string }[])[0]!.expression).toBe('years_since(data.incorporation_date) < 2');
    expect(edge(draft, condition.id, 'needs_review')!.target).toBe(stepOf(draft, 'approval')!.id);
    expect(draft.graph.steps.find((s) => s.id === edge(draft, condition.id, 'otherwise')!.target)).toMatchObject({
      type: 'end',
      config: { outcome: 'approved' },
    });
    const fields = (stepOf(draft, 'form')!.config.fields as { key: string; type: string }[]).map((f) => [f.key, f.type]);
    expect(fields).toContainEqual(['incorporation_date', 'date']);
    expect(draft.assumptions.filter((a) => a.startsWith('Not understood'))).toEqual([]);
    expect(draft.name).toBe('Business onboarding');
  });

  it('keeps two conditions in one branch, and declines the rest when told to', () => {
    const draft = generateWorkflow(
      'Loan application: collect the loan amount. If the amount is over 10000 or the applicant is under 25 years old, a manager reviews it; otherwise reject it.',
      { approvedTools: [] },
    );
    const condition = stepOf(draft, 'condition')!;
    expect((condition.config.branches as { expression: string }[])[0]!.expression).toBe('(years_since(data.date_of_birth) < 25) or (data.amount > 10000)');
    expect(draft.graph.steps.find((s) => s.id === edge(draft, condition.id, 'otherwise')!.target)).toMatchObject({
      type: 'end',
      config: { outcome: 'rejected' },
    });
    expect(workflowProblems(draft.graph, [])).toEqual([]);
  });

  it('lists a condition it cannot express as not understood, word for word', () => {
    const draft = generateWorkflow(
      'Individual KYC: collect name, email and a passport, screen against sanctions. If the screening finds a match, a compliance officer reviews it within 4 hours. Everyone else is approved.',
      { approvedTools: EVAL_TOOLS },
    );
    expect(draft.assumptions).toContain(
      'Not understood, so not in the draft: “If the screening finds a match, a compliance officer reviews it within 4 hours”. Add a Condition step for it in the builder.',
    );
  });

  it('names a draft after what it is, not after the description’s first words', () => {
    const draft = generateWorkflow('We need to onboard companies: look them up in the company register, then a manager approves.', {
      approvedTools: EVAL_TOOLS,
    });
    expect(draft.name).toBe('Business onboarding with company register lookup');
    expect(generateWorkflow('Please collect name and email and a passport, then an operator approves.').name).toBe('Individual KYC');
    expect(generateWorkflow('Customer onboarding: collect name and email, then an operator approves.').name).toBe('Customer onboarding');
  });
});

describe('the built-in tool generator takes only the inputs the description names', () => {
  it('does not read a company’s name, or a name alone, as a person’s full name', () => {
    const byCompany = generateTool('Find a company by name in the register: GET https://registry.example.com/search');
    expect(Object.keys(byCompany.input_schema.properties as object)).toEqual(['company_name']);
    const register = generateTool('Check that a company exists in the register: GET https://registry.example.com/companies/{company_number}');
    expect(Object.keys(register.input_schema.properties as object)).toEqual(['company_number']);
    const person = generateTool('Screen a person by name against the watch list: GET https://screening.example.net/check');
    expect(Object.keys(person.input_schema.properties as object)).toEqual(['full_name']);
  });

  it('says so when it has to name an input itself', () => {
    const draft = generateTool('Transform the payload into the format the CRM expects');
    expect(draft.assumptions.some((a) => a.includes('names no input'))).toBe(true);
  });
});

describe('a generated draft’s layout', () => {
  it('wraps into rows of four columns, so the builder shows it legibly', () => {
    for (const c of WORKFLOW_CASES) {
      const draft = generateWorkflow(c.description, { approvedTools: EVAL_TOOLS });
      const xs = draft.graph.steps.map((s) => s.position.x);
      expect(Math.max(...xs) - Math.min(...xs), c.id).toBeLessThanOrEqual(3 * 280);
      // No two steps on one spot.
      expect(new Set(draft.graph.steps.map((s) => `${s.position.x},${s.position.y}`)).size, c.id).toBe(draft.graph.steps.length);
    }
  });
});
