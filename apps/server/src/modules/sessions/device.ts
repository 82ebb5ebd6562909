import Bowser from 'bowser';
import { SESSION_TEXTS } from '@admin-portal/contract/sessions';

/**
 * What a person recognises a session by: "Chrome 131 on Linux", from the user agent its sign-in sent (bowser, a
 * maintained parser, rather than patterns of our own). A browser it does not know keeps its own first word.
 */
export function deviceLabel(userAgent: string | null): string {
  if (!userAgent?.trim()) return SESSION_TEXTS.unknownDevice;
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? `${parsed.browser.name}${major ? ` ${major}` : ''}` : null;
  const os = parsed.os.name ? `${parsed.os.name}${parsed.os.name === 'Windows' && parsed.os.versionName ? ` ${parsed.os.versionName}` : ''}` : null;
  if (browser && os) return `${browser} on ${os}`;
  if (browser ?? os) return (browser ?? os)!;
  const word = /^[\w.-]+/.exec(userAgent.trim())?.[0];
  return word ? word.slice(0, 60) : SESSION_TEXTS.unknownDevice;
}
