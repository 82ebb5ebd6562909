import { field, link, notify, step, type ShippedTemplate } from './build.ts';

export const accountOpening: ShippedTemplate = {
  key: 'account-opening',
  name: 'Account opening with document upload',
  description:
    'Opens a bank account: personal details, the account wanted and the source of funds, an identity document and proof of ' +
    'address (asked for again until both are there), and an operations review before the welcome message.',
  category: 'banking',
  graph: {
    steps: [
      step('start', 'start', 'Application received', { trigger: 'api', required_fields: ['email'] }, [0, 0]),
      step(
        'personal_details',
        'form',
        'Personal details',
        {
          title: 'Your details',
          fields: [
            field('first_name', 'First name'),
            field('last_name', 'Last name'),
            field('date_of_birth', 'Date of birth', 'date'),
            field('email', 'Email address', 'email'),
            field('phone', 'Phone number'),
            field('tax_residency', 'Country of tax residence'),
            field('occupation', 'Occupation'),
          ],
        },
        [1, 0],
      ),
      step(
        'account_choice',
        'form',
        'Account and source of funds',
        {
          title: 'Your account',
          fields: [
            field('account_type', 'Account type', 'select', { options: ['Current account', 'Savings account', 'Joint account'] }),
            field('expected_monthly_deposits', 'Expected monthly deposits', 'number'),
            field('source_of_funds', 'Source of funds', 'select', { options: ['Salary', 'Savings', 'Business income', 'Pension', 'Inheritance', 'Other'] }),
          ],
        },
        [2, 0],
      ),
      step(
        'documents',
        'form',
        'Document upload',
        {
          title: 'Upload your documents',
          instructions: 'A valid identity document, and a utility bill or bank statement from the last three months showing your address.',
          fields: [
            field('id_document', 'Identity document', 'file'),
            field('proof_of_address', 'Proof of address', 'file'),
            field('other_documents', 'Other documents', 'file', { required: false }),
          ],
        },
        [3, 0],
      ),
      step(
        'documents_complete',
        'condition',
        'Documents complete?',
        {
          branches: [{ id: 'complete', label: 'Complete', expression: 'exists(data.id_document) and exists(data.proof_of_address)' }],
          otherwise: true,
        },
        [4, 0],
      ),
      step(
        'request_documents',
        'notification',
        'Ask for the missing documents',
        notify(
          '{{data.email}}',
          'We need a document from you',
          'Dear {{data.first_name}}, please upload your identity document and a recent proof of address.',
        ),
        [4, 1],
      ),
      step(
        'operations_review',
        'approval',
        'Operations review',
        { instructions: 'Check the documents are legible, current and match the details given.', assignee_role: 'operator', sla_hours: 24 },
        [5, 0],
      ),
      step(
        'welcome',
        'notification',
        'Welcome message',
        notify('{{data.email}}', 'Welcome: your account is open', 'Dear {{data.first_name}}, your {{data.account_type}} is open. Your card is on its way.'),
        [6, 0],
      ),
      step(
        'notify_declined',
        'notification',
        'Tell the applicant: declined',
        notify('{{data.email}}', 'Your account application', 'Dear {{data.first_name}}, we are unable to open an account for you at this time.'),
        [6, 1],
      ),
      step('opened', 'end', 'Account opened', { outcome: 'approved' }, [7, 0]),
      step('declined', 'end', 'Declined', { outcome: 'rejected' }, [7, 1]),
    ],
    connections: [
      link('start', 'personal_details'),
      link('personal_details', 'account_choice'),
      link('account_choice', 'documents'),
      link('documents', 'documents_complete'),
      link('documents_complete', 'operations_review', 'complete', 'Complete'),
      link('documents_complete', 'request_documents', 'otherwise', 'Missing'),
      link('request_documents', 'documents', undefined, 'Upload again'),
      link('operations_review', 'welcome', 'approved', 'Approved'),
      link('operations_review', 'notify_declined', 'rejected', 'Rejected'),
      link('welcome', 'opened'),
      link('notify_declined', 'declined'),
    ],
  },
};
