import { TOOL_TEMPLATES } from '@admin-portal/contract/tools/templates';
import type { ToolStatus } from '@admin-portal/contract/tools/api';
import { validateToolConfig } from '@admin-portal/contract/tools/tool-types/registry';
import type { Queryable } from '../../db/client.ts';
import { COMPANY_REGISTRY_TOOL } from '../workflow-templates/shipped/business-kyb.ts';
import { insertStatusChange, insertTool, updateToolRow } from '../tools/tools.queries.ts';

/** Demo tools of every organization: from the shipped tool templates, in the states a real registry has them. */
const DEMO_TOOLS: readonly { template: string; name?: string; description?: string; config?: Record<string, unknown>; status: ToolStatus }[] = [
  { template: 'field-mapping', status: 'approved' },
  {
    template: 'rest-get-json',
    name: COMPANY_REGISTRY_TOOL,
    description: "Looks a company up in the national company register by its registration number (the KYB template's tool).",
    config: { url: 'https://registry.example.com/companies/{{input.country}}/{{input.registration_number}}' },
    status: 'approved',
  },
  { template: 'sanctions-screening', status: 'pending_approval' },
  { template: 'webhook-notify', status: 'draft' },
];

const STEPS: Record<ToolStatus, { to: ToolStatus; comment: string }[]> = {
  draft: [],
  pending_approval: [{ to: 'pending_approval', comment: 'Submitted for approval' }],
  approved: [
    { to: 'pending_approval', comment: 'Submitted for approval' },
    { to: 'approved', comment: 'Checked against the provider documentation' },
  ],
  rejected: [],
  disabled: [],
};

export async function seedDemoTools(tx: Queryable, organizationId: string, author: string | null, approver: string | null): Promise<void> {
  for (const demo of DEMO_TOOLS) {
    const template = TOOL_TEMPLATES.find((t) => t.key === demo.template)!;
    const config = validateToolConfig(template.tool_type, { ...template.config, ...demo.config }).config!;
    const input =
      demo.template === 'rest-get-json'
        ? {
            type: 'object',
            properties: { registration_number: { type: 'string', minLength: 1 }, country: { type: 'string', minLength: 2, maxLength: 2 } },
            required: ['registration_number', 'country'],
          }
        : template.input_schema;
    const id = await insertTool(tx, {
      organization_id: organizationId,
      name: demo.name ?? template.name,
      description: demo.description ?? template.description,
      tool_type: template.tool_type,
      input_schema: input,
      output_schema: null,
      config,
      created_by: author,
    });
    await insertStatusChange(tx, { tool_id: id, organization_id: organizationId, from_status: null, to_status: 'draft', comment: 'Created', actor_id: author });
    let from: ToolStatus = 'draft';
    for (const step of STEPS[demo.status]) {
      await insertStatusChange(tx, {
        tool_id: id,
        organization_id: organizationId,
        from_status: from,
        to_status: step.to,
        comment: step.comment,
        actor_id: step.to === 'approved' ? approver : author,
      });
      from = step.to;
    }
    if (demo.status !== 'draft') await updateToolRow(tx, id, { status: demo.status });
  }
}
