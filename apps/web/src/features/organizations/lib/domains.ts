import { domainSchema } from '@admin-portal/contract/organizations';

export const MAX_DOMAINS = 50;

export type DomainCheck = { ok: true; domain: string } | { ok: false; message: string };

/** Checks a domain typed into the chips input with the contract's rule, before it joins the list. */
export function checkDomain(input: string, existing: readonly string[]): DomainCheck {
  const text = input.trim().replace(/^@/, '');
  if (!text) return { ok: false, message: 'Enter a domain such as example.com' };
  const parsed = domainSchema.safeParse(text);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Enter a domain such as example.com' };
  if (existing.includes(parsed.data)) return { ok: false, message: `${parsed.data} is already in the list` };
  if (existing.length >= MAX_DOMAINS) return { ok: false, message: `At most ${MAX_DOMAINS} domains` };
  return { ok: true, domain: parsed.data };
}
