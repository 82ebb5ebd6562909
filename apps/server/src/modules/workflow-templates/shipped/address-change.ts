import { field, link, notify, step, type ShippedTemplate } from './build.ts';

export const addressChange: ShippedTemplate = {
  key: 'address-change',
  name: 'Address change and re-verification',
  description:
    "An existing customer's new address with proof; a move abroad triggers a tax self-certification and a compliance review, " +
    'a move within the country an operations check.',
  category: 'maintenance',
  graph: {
    steps: [
      step('start', 'start', 'Change requested', { trigger: 'api', required_fields: ['customer_id', 'email', 'previous_country'] }, [0, 0]),
      step(
        'new_address',
        'form',
        'New address',
        {
          title: 'Your new address',
          fields: [
            field('address_line', 'Street and number'),
            field('postal_code', 'Postal code'),
            field('city', 'City'),
            field('country', 'Country (ISO code, e.g. FR)'),
            field('effective_date', 'Moving date', 'date'),
          ],
        },
        [1, 0],
      ),
      step(
        'proof_of_address',
        'form',
        'Proof of address',
        {
          title: 'Proof of your new address',
          instructions: 'A utility bill, bank statement or rental contract from the last three months.',
          fields: [field('proof_of_address', 'Document', 'file'), field('document_date', 'Date of the document', 'date')],
        },
        [2, 0],
      ),
      step(
        'moved_abroad',
        'condition',
        'Moved abroad?',
        { branches: [{ id: 'abroad', label: 'New country', expression: 'upper(data.country) != upper(data.previous_country)' }], otherwise: true },
        [3, 0],
      ),
      step(
        'tax_self_certification',
        'form',
        'Tax self-certification',
        {
          title: 'Tax residence',
          instructions: 'Moving abroad changes where you are tax resident (CRS/FATCA).',
          fields: [
            field('tax_residency_country', 'Country of tax residence'),
            field('tax_identification_number', 'Tax identification number'),
            field('us_person', 'I am a US citizen or US tax resident', 'checkbox', { required: false }),
          ],
        },
        [4, 0],
      ),
      step(
        'compliance_review',
        'approval',
        'Compliance re-verification',
        {
          instructions: 'Re-assess the customer for the new country: sanctions, tax residence and product eligibility.',
          assignee_role: 'compliance_officer',
          sla_hours: 48,
        },
        [5, 0],
      ),
      step(
        'address_check',
        'approval',
        'Address check',
        { instructions: 'Check the proof of address is recent and matches the new address.', assignee_role: 'operator', sla_hours: 24 },
        [5, 1],
      ),
      step(
        'confirm',
        'notification',
        'Confirm the change',
        notify('{{data.email}}', 'Your address has been updated', 'Your address is now {{data.address_line}}, {{data.postal_code}} {{data.city}}.'),
        [6, 0],
      ),
      step(
        'notify_rejected',
        'notification',
        'Ask the customer to get in touch',
        notify('{{data.email}}', 'Your address change', 'We could not confirm your new address. Please contact us so we can help.'),
        [6, 1],
      ),
      step('updated', 'end', 'Address updated', { outcome: 'completed' }, [7, 0]),
      step('not_updated', 'end', 'Not updated', { outcome: 'rejected' }, [7, 1]),
    ],
    connections: [
      link('start', 'new_address'),
      link('new_address', 'proof_of_address'),
      link('proof_of_address', 'moved_abroad'),
      link('moved_abroad', 'tax_self_certification', 'abroad', 'New country'),
      link('moved_abroad', 'address_check', 'otherwise', 'Same country'),
      link('tax_self_certification', 'compliance_review'),
      link('compliance_review', 'confirm', 'approved', 'Approved'),
      link('compliance_review', 'notify_rejected', 'rejected', 'Rejected'),
      link('address_check', 'confirm', 'approved', 'Approved'),
      link('address_check', 'notify_rejected', 'rejected', 'Rejected'),
      link('confirm', 'updated'),
      link('notify_rejected', 'not_updated'),
    ],
  },
};
