import { field, link, notify, step, type ShippedTemplate } from './build.ts';

export const merchantOnboarding: ShippedTemplate = {
  key: 'merchant-onboarding',
  name: 'Merchant onboarding with risk scoring',
  description:
    'Onboards a card-acceptance merchant: business profile, owner and payout account, then a risk score from the merchant ' +
    'category and volumes: low risk goes live, medium risk to underwriting, high risk to a compliance review.',
  category: 'payments',
  graph: {
    steps: [
      step('start', 'start', 'Application received', { trigger: 'api', required_fields: ['owner_email'] }, [0, 1]),
      step(
        'business_profile',
        'form',
        'Business profile',
        {
          title: 'Your business',
          fields: [
            field('business_name', 'Business name'),
            field('website', 'Website'),
            field('mcc', 'Merchant category', 'select', {
              options: ['5411 Grocery stores', '5732 Electronics', '5812 Restaurants', '4816 Online services', '5967 Direct marketing', '7995 Gambling'],
            }),
            field('expected_monthly_volume', 'Expected monthly card volume', 'number'),
            field('average_ticket', 'Average transaction amount', 'number'),
            field('refund_policy', 'Refund policy', 'text', { required: false }),
          ],
        },
        [1, 1],
      ),
      step(
        'owner',
        'form',
        'Owner',
        {
          title: 'The owner',
          fields: [
            field('owner_name', 'Full name'),
            field('owner_email', 'Email address', 'email'),
            field('owner_date_of_birth', 'Date of birth', 'date'),
            field('ownership_percent', 'Share of ownership (%)', 'number'),
            field('owner_id_document', 'Identity document', 'file'),
          ],
        },
        [2, 1],
      ),
      step(
        'payout_account',
        'form',
        'Payout account',
        {
          title: 'Where we pay you',
          fields: [field('iban', 'IBAN'), field('account_holder', 'Account holder'), field('bank_statement', 'Recent bank statement', 'file')],
        },
        [3, 1],
      ),
      step(
        'risk_score',
        'condition',
        'Risk score',
        {
          branches: [
            {
              id: 'high',
              label: 'High risk',
              expression: 'data.mcc startsWith "7995" or data.mcc startsWith "5967" or data.expected_monthly_volume > 250000',
            },
            {
              id: 'medium',
              label: 'Medium risk',
              expression: 'data.expected_monthly_volume > 50000 or data.average_ticket > 1000 or empty(data.refund_policy)',
            },
          ],
          otherwise: true,
        },
        [4, 1],
      ),
      step(
        'compliance_review',
        'approval',
        'Compliance review',
        {
          instructions: "Review the website's content and terms, chargeback exposure and the owner's identity; set a rolling reserve if approving.",
          assignee_role: 'compliance_officer',
          sla_hours: 72,
        },
        [5, 0],
      ),
      step(
        'underwriting',
        'approval',
        'Underwriting',
        { instructions: 'Check volumes against the bank statement and the business model before approving limits.', assignee_role: 'operator', sla_hours: 24 },
        [5, 1],
      ),
      step(
        'go_live',
        'notification',
        'Send the go-live details',
        notify('{{data.owner_email}}', 'You can start accepting payments', 'Welcome aboard, {{data.business_name}}: your merchant account is live.'),
        [6, 1],
      ),
      step(
        'notify_declined',
        'notification',
        'Tell the merchant: declined',
        notify('{{data.owner_email}}', 'Your merchant application', 'We are unable to offer card acceptance to {{data.business_name}} at this time.'),
        [6, 2],
      ),
      step('live', 'end', 'Merchant live', { outcome: 'approved' }, [7, 1]),
      step('declined', 'end', 'Declined', { outcome: 'rejected' }, [7, 2]),
    ],
    connections: [
      link('start', 'business_profile'),
      link('business_profile', 'owner'),
      link('owner', 'payout_account'),
      link('payout_account', 'risk_score'),
      link('risk_score', 'compliance_review', 'high', 'High risk'),
      link('risk_score', 'underwriting', 'medium', 'Medium risk'),
      link('risk_score', 'go_live', 'otherwise', 'Low risk'),
      link('compliance_review', 'go_live', 'approved', 'Approved'),
      link('compliance_review', 'notify_declined', 'rejected', 'Rejected'),
      link('underwriting', 'go_live', 'approved', 'Approved'),
      link('underwriting', 'notify_declined', 'rejected', 'Rejected'),
      link('go_live', 'live'),
      link('notify_declined', 'declined'),
    ],
  },
};
