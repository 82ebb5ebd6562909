/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { ApplicantBranding } from '@admin-portal/contract/applicant/api';
import type { ApplicantTexts } from '@admin-portal/contract/applicant/texts';

/** Relative luminance of a #rrggbb colour (WCAG 2.2). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** White or near-black, whichever contrasts more with the brand colour, for text on it. */
export function textOn(hex: string): string {
  const l = luminance(hex);
  return 1.05 / (l + 0.05) >= (l + 0.05) / (luminance('#111111') + 0.05) ? '#ffffff' : '#111111';
}

/**
 * The page around every state: the organization's logo or name, its colour and language, the heading (focused when it
 * changes, so a screen reader hears the new state), and the footer.
 */
export function Frame({
  branding,
  texts,
  title,
  children,
}: {
  branding: ApplicantBranding | null;
  texts: ApplicantTexts;
  title: string;
  children: ComponentChildren;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const product = branding?.product_name ?? '';
  useEffect(() => {
    document.documentElement.lang = texts.lang;
    document.title = product ? `${title} · ${product}` : title;
    if (branding?.color) {
      document.documentElement.style.setProperty('--brand', branding.color);
      document.documentElement.style.setProperty('--brand-text', textOn(branding.color));
    }
  }, [texts.lang, title, product, branding?.color]);
  const first = useRef(true);
  useEffect(() => {
    // Not on the first draw (the page just opened there); on every later change of state.
    if (first.current) first.current = false;
    else heading.current?.focus();
  }, [title]);
  return (
    <div class="apply">
      <header class="apply-header">
        {branding?.logo_url ? <img class="apply-logo" src={branding.logo_url} alt={product} /> : <span class="apply-product">{product}</span>}
      </header>
      <main class="apply-main">
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {children}
      </main>
      <footer class="apply-footer">{product ? texts.poweredBy(product) : null}</footer>
    </div>
  );
}
