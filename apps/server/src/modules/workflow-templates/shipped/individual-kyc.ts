import { field, link, notify, step, type ShippedTemplate } from './build.ts';

export const individualKyc: ShippedTemplate = {
  key: 'individual-kyc',
  name: 'Individual KYC',
  description:
    'Verifies a private customer: personal details, an identity document and a selfie, an age check, and a compliance review ' +
    'with sanctions and PEP screening before the customer is told the outcome.',
  category: 'kyc',
  graph: {
    steps: [
      step('start', 'start', 'Application received', { trigger: 'api', required_fields: ['email'] }, [0, 0]),
      step(
        'personal_details',
        'form',
        'Personal details',
        {
          title: 'Tell us about yourself',
          instructions: 'Use your name exactly as it appears on your identity document.',
          fields: [
            field('first_name', 'First name'),
            field('last_name', 'Last name'),
            field('date_of_birth', 'Date of birth', 'date'),
            field('nationality', 'Nationality'),
            field('email', 'Email address', 'email'),
            field('phone', 'Phone number', 'text', { required: false }),
            field('address_line', 'Street and number'),
            field('postal_code', 'Postal code'),
            field('city', 'City'),
            field('country', 'Country of residence'),
          ],
        },
        [1, 0],
      ),
      step(
        'identity_document',
        'form',
        'Identity document and selfie',
        {
          title: 'Verify your identity',
          instructions: 'Upload a clear photo of a valid identity document and a selfie taken now.',
          fields: [
            field('document_type', 'Document type', 'select', { options: ['Passport', 'National identity card', 'Driving licence'] }),
            field('document_number', 'Document number'),
            field('document_expiry', 'Expiry date', 'date'),
            field('document_front', 'Front of the document', 'file'),
            field('document_back', 'Back of the document', 'file', { required: false }),
            field('selfie', 'Selfie', 'file'),
          ],
        },
        [2, 0],
      ),
      step(
        'age_check',
        'condition',
        'Of age?',
        { branches: [{ id: 'adult', label: '18 or older', expression: 'years_since(data.date_of_birth) >= 18' }], otherwise: true },
        [3, 0],
      ),
      step(
        'compliance_review',
        'approval',
        'Compliance review',
        {
          instructions:
            'Compare the selfie with the document photo, check the document is genuine and unexpired, and screen the name ' +
            'against sanctions and politically exposed person lists before deciding.',
          assignee_role: 'compliance_officer',
          sla_hours: 24,
        },
        [4, 0],
      ),
      step(
        'notify_verified',
        'notification',
        'Tell the customer: verified',
        notify(
          '{{data.email}}',
          'Your identity has been verified',
          'Dear {{data.first_name}}, thank you: your identity has been verified and your account is ready.',
        ),
        [5, 0],
      ),
      step(
        'notify_declined',
        'notification',
        'Tell the customer: not verified',
        notify(
          '{{data.email}}',
          'We could not verify your identity',
          'Dear {{data.first_name}}, we could not verify your identity with the information provided.',
        ),
        [5, 1],
      ),
      step('verified', 'end', 'Verified', { outcome: 'approved' }, [6, 0]),
      step('declined', 'end', 'Declined', { outcome: 'rejected' }, [6, 1]),
    ],
    connections: [
      link('start', 'personal_details'),
      link('personal_details', 'identity_document'),
      link('identity_document', 'age_check'),
      link('age_check', 'compliance_review', 'adult', '18 or older'),
      link('age_check', 'notify_declined', 'otherwise', 'Under 18 or unknown'),
      link('compliance_review', 'notify_verified', 'approved', 'Approved'),
      link('compliance_review', 'notify_declined', 'rejected', 'Rejected'),
      link('notify_verified', 'verified'),
      link('notify_declined', 'declined'),
    ],
  },
};
