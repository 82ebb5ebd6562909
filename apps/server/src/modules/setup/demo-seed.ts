import type { Role } from '@admin-portal/contract/roles';
import type { Queryable } from '../../db/client.ts';
import { generatePassword, hashPassword } from '../../security/passwords.ts';
import { createOrganizationRow } from '../organizations/organizations.queries.ts';
import { insertUser } from '../users/users.queries.ts';
import { shippedTemplate } from '../workflow-templates/shipped/index.ts';
import { copyWithNewIds } from '../workflows/graph-ids.ts';
import { createWorkflowWithGraph } from '../workflows/save-graph.ts';
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
      ['individual-kyc', 'active'],
      ['account-opening', 'draft'],
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
      ['credit-application', 'active'],
      ['address-change', 'draft'],
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
  /** Workflows made from shipped templates (template key, status). */
  workflows: readonly (readonly [string, 'draft' | 'active'])[];
  users: readonly (readonly [Role, string, string])[];
}[];

/** Demo organizations with one user of each role, a few tools and workflows; one generated password shared by the demo accounts. */
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
    for (const [role, first, last] of org.users) {
      const email = `${role.replace('_', '.')}@${org.domain}`;
      const id = await insertUser(tx, { organization_id: row.id, email, first_name: first, last_name: last, role, permissions: [], password_hash: passwordHash });
      if (role === 'manager') author = id;
      if (role === 'admin') approver = id;
      accounts.push({ email, password, role, organization: org.name });
    }
    // Tools first: an active workflow's tool steps need their tools approved.
    await seedDemoTools(tx, row.id, author, approver);
    for (const [key, status] of org.workflows) {
      const template = shippedTemplate(key);
      await createWorkflowWithGraph(tx, {
        organizationId: row.id,
        name: template.name,
        description: template.description,
        category: template.category,
        status,
        graph: copyWithNewIds(template.graph),
        note: `Created from template "${template.name}"`,
        actorId: author,
      });
    }
  }
  return accounts;
}
