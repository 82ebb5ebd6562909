import { field, link, notify, step, type ShippedTemplate } from './build.ts';

/** Tool it calls (register and approve it before activating a copy): looks a company up in its country's register. */
export const COMPANY_REGISTRY_TOOL = 'company_registry_lookup';

export const businessKyb: ShippedTemplate = {
  key: 'business-kyb',
  name: 'Business KYB',
  description:
    'Onboards a company: company details checked against the official register, beneficial owners and directors, corporate ' +
    `documents, and a risk-based review (enhanced due diligence for high-risk cases). Needs the "${COMPANY_REGISTRY_TOOL}" tool.`,
  category: 'kyb',
  graph: {
    steps: [
      step('start', 'start', 'Application received', { trigger: 'api', required_fields: ['contact_email'] }, [0, 0]),
      step(
        'company_details',
        'form',
        'Company details',
        {
          title: 'About the company',
          instructions: 'As registered with the official company register.',
          fields: [
            field('legal_name', 'Legal name'),
            field('registration_number', 'Registration number'),
            field('country_of_incorporation', 'Country of incorporation (ISO code, e.g. DE)'),
            field('incorporation_date', 'Date of incorporation', 'date'),
            field('registered_address', 'Registered address'),
            field('industry', 'Industry', 'select', { options: ['Retail', 'Technology', 'Financial services', 'Real estate', 'Manufacturing', 'Other'] }),
            field('website', 'Website', 'text', { required: false }),
            field('contact_email', 'Contact email', 'email'),
          ],
        },
        [1, 0],
      ),
      step(
        'registry_lookup',
        'tool',
        'Company register lookup',
        {
          tool_name: COMPANY_REGISTRY_TOOL,
          input_mapping: { registration_number: 'data.registration_number', country: 'data.country_of_incorporation' },
          output_field: 'registry',
          on_error: 'continue',
          retries: 2,
        },
        [2, 0],
      ),
      step(
        'ownership',
        'form',
        'Beneficial owners and directors',
        {
          title: 'Who owns and runs the company',
          instructions: 'List every person who owns or controls 25% or more, directly or indirectly.',
          fields: [
            field('beneficial_owners', 'Beneficial owners (names, shares)'),
            field('beneficial_owner_count', 'Number of beneficial owners', 'number'),
            field('directors', 'Directors'),
            field('ownership_chart', 'Ownership structure chart', 'file', { required: false }),
          ],
        },
        [3, 0],
      ),
      step(
        'documents',
        'form',
        'Corporate documents',
        {
          title: 'Upload the company documents',
          fields: [
            field('certificate_of_incorporation', 'Certificate of incorporation', 'file'),
            field('articles_of_association', 'Articles of association', 'file'),
            field('shareholder_register', 'Register of shareholders', 'file'),
            field('proof_of_address', 'Proof of business address', 'file'),
          ],
        },
        [4, 0],
      ),
      step(
        'risk_routing',
        'condition',
        'Risk level',
        {
          branches: [
            {
              id: 'high_risk',
              label: 'High risk',
              expression:
                'data.country_of_incorporation in ["IR", "KP", "SY", "MM", "AF"] or data.industry == "Financial services" ' +
                'or data.beneficial_owner_count > 4 or (exists(data.registry) and data.registry.status != "active")',
            },
          ],
          otherwise: true,
        },
        [5, 0],
      ),
      step(
        'enhanced_due_diligence',
        'approval',
        'Enhanced due diligence',
        {
          instructions: 'Verify the ownership chain to natural persons, the source of funds and adverse media for the company and its owners.',
          assignee_role: 'compliance_officer',
          sla_hours: 72,
        },
        [6, 0],
      ),
      step(
        'standard_review',
        'approval',
        'Standard review',
        { instructions: 'Check the documents match the register entry and the owners listed.', assignee_role: 'operator', sla_hours: 24 },
        [6, 1],
      ),
      step(
        'notify_approved',
        'notification',
        'Tell the company: approved',
        notify(
          '{{data.contact_email}}',
          'Your business account is approved',
          'Thank you: {{data.legal_name}} has been verified and the account is ready to use.',
        ),
        [7, 0],
      ),
      step(
        'notify_rejected',
        'notification',
        'Tell the company: declined',
        notify('{{data.contact_email}}', 'Your business application', 'We are unable to open an account for {{data.legal_name}} at this time.'),
        [7, 1],
      ),
      step('approved', 'end', 'Approved', { outcome: 'approved' }, [8, 0]),
      step('rejected', 'end', 'Rejected', { outcome: 'rejected' }, [8, 1]),
    ],
    connections: [
      link('start', 'company_details'),
      link('company_details', 'registry_lookup'),
      link('registry_lookup', 'ownership'),
      link('ownership', 'documents'),
      link('documents', 'risk_routing'),
      link('risk_routing', 'enhanced_due_diligence', 'high_risk', 'High risk'),
      link('risk_routing', 'standard_review', 'otherwise', 'Standard'),
      link('enhanced_due_diligence', 'notify_approved', 'approved', 'Approved'),
      link('enhanced_due_diligence', 'notify_rejected', 'rejected', 'Rejected'),
      link('standard_review', 'notify_approved', 'approved', 'Approved'),
      link('standard_review', 'notify_rejected', 'rejected', 'Rejected'),
      link('notify_approved', 'approved'),
      link('notify_rejected', 'rejected'),
    ],
  },
};
