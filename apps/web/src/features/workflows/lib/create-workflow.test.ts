import { describe, expect, it } from 'vitest';
import { checkCreateWorkflow, createWorkflowBody, type CreateWorkflowValues } from './create-workflow.ts';

const TEMPLATE = '1b4e28ba-2fa1-11d2-883f-0016d3cca427';
const values = (patch: Partial<CreateWorkflowValues> = {}): CreateWorkflowValues => ({ name: '', description: '', category: '', template_id: null, ...patch });

describe('the New workflow form', () => {
  it('requires a name with the server’s own message', () => {
    expect(checkCreateWorkflow(values())).toEqual({ ok: false, errors: { name: 'Workflow name is required' } });
    expect(checkCreateWorkflow(values({ name: '   ' }))).toEqual({ ok: false, errors: { name: 'Workflow name is required' } });
  });

  it('leaves empty optional fields out, so the server takes the template’s or its defaults', () => {
    expect(createWorkflowBody(values({ name: 'KYC', description: '  ', category: '' }))).toEqual({ name: 'KYC' });
    expect(checkCreateWorkflow(values({ name: '  KYC  ' }))).toEqual({ ok: true, value: { name: 'KYC' } });
  });

  it('sends the chosen template and trims what it sends', () => {
    expect(checkCreateWorkflow(values({ name: 'Loans', description: ' Retail loans ', category: ' lending ', template_id: TEMPLATE }))).toEqual({
      ok: true,
      value: { name: 'Loans', description: 'Retail loans', category: 'lending', template_id: TEMPLATE },
    });
  });

  it('reports each field’s first problem', () => {
    const result = checkCreateWorkflow(values({ name: 'x'.repeat(201), category: 'c'.repeat(65), template_id: 'not-a-uuid' }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(['category', 'name', 'template_id']);
  });
});
