import { field, link, notify, step, type ShippedTemplate } from './build.ts';

export const creditApplication: ShippedTemplate = {
  key: 'credit-application',
  name: 'Credit application with manual review',
  description:
    'A consumer loan: applicant and income, the loan requested, an affordability check that declines clear cases, approves ' +
    'small affordable loans and sends the rest, with an AI summary, to a credit reviewer.',
  category: 'lending',
  graph: {
    steps: [
      step('start', 'start', 'Application received', { trigger: 'api', required_fields: ['email'] }, [0, 0]),
      step(
        'applicant',
        'form',
        'Applicant and income',
        {
          title: 'About you',
          fields: [
            field('full_name', 'Full name'),
            field('email', 'Email address', 'email'),
            field('date_of_birth', 'Date of birth', 'date'),
            field('employment_status', 'Employment status', 'select', { options: ['Employed', 'Self-employed', 'Retired', 'Student', 'Unemployed'] }),
            field('annual_income', 'Annual net income', 'number'),
            field('monthly_expenses', 'Monthly expenses (rent, other loans)', 'number'),
            field('payslips', 'Last three payslips or tax return', 'file'),
          ],
        },
        [1, 0],
      ),
      step(
        'loan_request',
        'form',
        'Loan requested',
        {
          title: 'Your loan',
          fields: [
            field('requested_amount', 'Amount', 'number'),
            field('term_months', 'Term (months)', 'select', { options: ['12', '24', '36', '48', '60'] }),
            field('purpose', 'Purpose', 'select', { options: ['Car', 'Home improvement', 'Debt consolidation', 'Education', 'Other'] }),
          ],
        },
        [2, 0],
      ),
      step(
        'affordability',
        'condition',
        'Affordability',
        {
          branches: [
            {
              id: 'decline',
              label: 'Not affordable',
              expression: 'data.employment_status == "Unemployed" or data.requested_amount > data.annual_income * 0.5',
            },
            {
              id: 'manual_review',
              label: 'Needs review',
              expression: 'data.requested_amount > 25000 or data.monthly_expenses * 12 > data.annual_income * 0.6 or data.employment_status == "Self-employed"',
            },
          ],
          otherwise: true,
        },
        [3, 0],
      ),
      step(
        'review_summary',
        'ai',
        'Summary for the reviewer',
        {
          mode: 'summary',
          prompt: "Summarise the applicant's income, expenses and the loan requested for a credit reviewer, and point out anything unusual.",
          output_field: 'review_summary',
        },
        [4, 1],
      ),
      step(
        'credit_review',
        'approval',
        'Credit review',
        {
          instructions: 'Check affordability, the payslips and the purpose of the loan against the lending policy before deciding.',
          assignee_role: 'manager',
          sla_hours: 48,
        },
        [5, 1],
      ),
      step(
        'notify_offer',
        'notification',
        'Send the loan offer',
        notify('{{data.email}}', 'Your loan offer', 'Dear {{data.full_name}}, your loan of {{data.requested_amount}} is approved. Your offer is attached.'),
        [6, 0],
      ),
      step(
        'notify_decline',
        'notification',
        'Tell the applicant: declined',
        notify('{{data.email}}', 'Your loan application', 'Dear {{data.full_name}}, we are unable to offer you this loan at this time.'),
        [6, 2],
      ),
      step('approved', 'end', 'Loan approved', { outcome: 'approved' }, [7, 0]),
      step('declined', 'end', 'Loan declined', { outcome: 'rejected' }, [7, 2]),
    ],
    connections: [
      link('start', 'applicant'),
      link('applicant', 'loan_request'),
      link('loan_request', 'affordability'),
      link('affordability', 'notify_decline', 'decline', 'Not affordable'),
      link('affordability', 'review_summary', 'manual_review', 'Needs review'),
      link('affordability', 'notify_offer', 'otherwise', 'Affordable'),
      link('review_summary', 'credit_review'),
      link('credit_review', 'notify_offer', 'approved', 'Approved'),
      link('credit_review', 'notify_decline', 'rejected', 'Rejected'),
      link('notify_offer', 'approved'),
      link('notify_decline', 'declined'),
    ],
  },
};
