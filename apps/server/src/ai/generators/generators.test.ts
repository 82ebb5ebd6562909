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
