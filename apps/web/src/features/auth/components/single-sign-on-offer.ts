import { useEffect, useRef, useState } from 'react';
import { EMAIL_PATTERN } from '@admin-portal/contract/email-pattern';
import { ssoDiscover } from '../api/login.ts';

export interface SsoOffer {
  provider_name: string;
  sso_only: boolean;
}

/**
 * Whether the typed e-mail's domain signs in with an identity provider (issue 37 item 4): asked once per domain, a
 * moment after the typing stops. Null while unknown or when it does not.
 */
export function useSingleSignOnOffer(email: string): SsoOffer | null {
  const [offers, setOffers] = useState<Record<string, SsoOffer | null>>({});
  const asked = useRef(new Set<string>());
  const trimmed = email.trim().toLowerCase();
  const domain = EMAIL_PATTERN.test(trimmed) ? trimmed.slice(trimmed.lastIndexOf('@') + 1) : null;

  useEffect(() => {
    if (!domain || asked.current.has(domain)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      asked.current.add(domain);
      void ssoDiscover(trimmed, controller.signal).then((result) => {
        const offer = result.success && result.data.provider_name ? { provider_name: result.data.provider_name, sso_only: result.data.sso_only } : null;
        if (!result.success) asked.current.delete(domain); // asked again at the next change
        setOffers((o) => ({ ...o, [domain]: offer }));
      });
    }, 350);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [domain, trimmed]);

  return domain ? (offers[domain] ?? null) : null;
}
