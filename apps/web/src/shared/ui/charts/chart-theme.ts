import { useEffect, useState } from 'react';

/** The colours a chart draws with, read from Bootstrap's CSS variables so both themes follow. */
export interface ChartTheme {
  text: string;
  grid: string;
  success: string;
  danger: string;
  primary: string;
  warning: string;
  info: string;
  secondary: string;
}

const read = (): ChartTheme => {
  const style = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: v('--bs-secondary-color', '#6c757d'),
    grid: v('--bs-border-color-translucent', 'rgba(0,0,0,.175)'),
    success: v('--bs-success', '#198754'),
    danger: v('--bs-danger', '#dc3545'),
    primary: v('--bs-primary', '#0d6efd'),
    warning: v('--bs-warning-text-emphasis', '#997404'),
    info: v('--bs-info', '#0dcaf0'),
    secondary: v('--bs-secondary', '#6c757d'),
  };
};

/** The chart colours of the current theme, read again whenever the theme changes (`data-bs-theme` on <html>). */
export function useChartTheme(): ChartTheme {
  const [theme, setTheme] = useState(read);
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(read()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-bs-theme'] });
    return () => observer.disconnect();
  }, []);
  return theme;
}

/**
 * A theme colour made see-through (for a series drawn behind the one that matters): Bootstrap's variables are hex or
 * rgb(); anything else is returned as it is.
 */
export function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
    const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16));
    return `rgba(${r}, ${g}, ${b}, ${alpha})`;
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/i.exec(color.trim());
  return rgb ? `rgba(${rgb[1]}, ${rgb[2]}, ${rgb[3]}, ${alpha})` : color;
}
