import type { Role } from '@admin-portal/contract/roles';
import type { Queryable } from '../../db/client.ts';
import { generatePassword, hashPassword } from '../../security/passwords.ts';
import { createOrganizationRow } from '../organizations/organizations.queries.ts';
import { insertUser } from '../users/users.queries.ts';
import { shippedTemplate } from '../workflow-templates/shipped/index.ts';
import { copyWithNewIds } from '../workflows/graph-ids.ts';
import { createWorkflowWithGraph } from '../workflows/save-graph.ts';
import { seedDemoApplications } from './demo-applications.ts';
import { toolIdsByName } from './demo-seed.queries.ts';
import { seedDemoTools } from './demo-tools.ts';

export interface DemoAccount {
  email: string;
  password: string;
  role: Role;
  organization: string;
}

const DEMO_ORGS = [
  {
    name: 'Acme Bank',
    description: 'Retail bank onboarding personal and business customers.',
    domain: 'acme-bank.example',
    workflows: [
      ['individual-kyc', 'active', 160],
      ['business-kyb', 'active', 60],
      ['account-opening', 'draft', 0],
    ],
    users: [
      ['admin', 'Alice', 'Admin'],
      ['manager', 'Marco', 'Manager'],
      ['operator', 'Olivia', 'Operator'],
      ['viewer', 'Victor', 'Viewer'],
      ['compliance_officer', 'Chloe', 'Compliance'],
      ['analyst', 'Arjun', 'Analyst'],
    ],
  },
  {
    name: 'Northwind Lending',
    description: 'Consumer lender running credit applications.',
    domain: 'northwind.example',
    workflows: [
      ['credit-application', 'active', 140],
      ['address-change', 'draft', 0],
    ],
    users: [
      ['admin', 'Nina', 'Admin'],
      ['manager', 'Noah', 'Manager'],
      ['viewer', 'Nora', 'Viewer'],
    ],
  },
] as const satisfies readonly {
  name: string;
  description: string;
  domain: string;
  /** Workflows made from shipped templates (template key, status, cases of history over the last month). */
  workflows: readonly (readonly [string, 'draft' | 'active', number])[];
  users: readonly (readonly [Role, string, string])[];
}[];

/**
 * Demo organizations with one user of each role, a few tools and workflows with a month of application history;
 * one generated password shared by the demo accounts.
 */
export async function seedDemo(tx: Queryable): Promise<DemoAccount[]> {
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const accounts: DemoAccount[] = [];
  for (const org of DEMO_ORGS) {
    const row = await createOrganizationRow(tx, {
      name: org.name,
      description: org.description,
      settings: { allow_registration: true, allowed_email_domains: [org.domain] },
    });
    let author: string | null = null;
    let approver: string | null = null;
    const reviewers: Record<string, string | null> = {};
    for (const [role, first, last] of org.users) {
      const email = `${role.replace('_', '.')}@${org.domain}`;
      const id = await insertUser(tx, {
        organization_id: row.id,
        email,
        first_name: first,
        last_name: last,
        role,
        permissions: [],
        password_hash: passwordHash,
      });
      reviewers[role] = id;
      if (role === 'manager') author = id;
      if (role === 'admin') approver = id;
      accounts.push({ email, password, role, organization: org.name });
    }
    // Tools first: an active workflow's tool steps need their tools approved.
    await seedDemoTools(tx, row.id, author, approver);
    const tools = await toolIdsByName(tx, row.id);
    for (const [key, status, history] of org.workflows) {
      const template = shippedTemplate(key);
      const created = await createWorkflowWithGraph(tx, {
        organizationId: row.id,
        name: template.name,
        description: template.description,
        category: template.category,
        status,
        graph: copyWithNewIds(template.graph),
        note: `Created from template "${template.name}"`,
        actorId: author,
      });
      if (history > 0) {
        const { workflow, graph } = created;
        await seedDemoApplications(
          tx,
          { organizationId: row.id, workflowId: workflow.id, version: workflow.version, name: workflow.name, graph, reviewers, tools },
          history,
          key.length * 7919,
        );
      }
    }
  }
  return accounts;
}
