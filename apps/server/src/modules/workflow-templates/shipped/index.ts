import { accountOpening } from './account-opening.ts';
import { addressChange } from './address-change.ts';
import type { ShippedTemplate } from './build.ts';
import { businessKyb } from './business-kyb.ts';
import { creditApplication } from './credit-application.ts';
import { individualKyc } from './individual-kyc.ts';
import { merchantOnboarding } from './merchant-onboarding.ts';

/** The templates every organization sees (read-only), in gallery order. Adding one is a new file and a line here. */
export const SHIPPED_TEMPLATES: readonly ShippedTemplate[] = [individualKyc, businessKyb, creditApplication, accountOpening, addressChange, merchantOnboarding];

export function shippedTemplate(key: string): ShippedTemplate {
  const found = SHIPPED_TEMPLATES.find((t) => t.key === key);
  if (!found) throw new Error(`No shipped workflow template "${key}"`);
  return found;
}
