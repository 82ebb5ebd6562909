// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { reactRootPerTest } from '../testing/react-root.ts';
import { formatCount, formatPercent } from '../lib/figures-format.ts';
import { StatCard } from './stat-card.tsx';

const dom = reactRootPerTest();

describe('StatCard', () => {
  it('names itself by its title and says the change in words, coloured by whether up is good', () => {
    dom.render(<StatCard id="started" title="Started" value="45" trend={{ current: 45, previous: 40, kind: 'count', upIsGood: true, format: formatCount }} />);
    const group = dom.host.querySelector('[role="group"]')!;
    expect(document.getElementById(group.getAttribute('aria-labelledby')!)!.textContent).toBe('Started');
    expect(dom.host.querySelector('[data-testid="started-value"]')!.textContent).toBe('45');
    expect(dom.host.querySelector('.visually-hidden')!.textContent).toBe('up 13% from 40 in the previous period');
    const badge = dom.host.querySelector('.trend-badge')!;
    expect(badge.getAttribute('aria-hidden')).toBe('true');
    expect(badge.textContent).toBe('▲ 13%');
    expect(badge.className).toContain('text-success-emphasis');
  });

  it('shows bad news in red and rates in points', () => {
    dom.render(
      <StatCard id="failure" title="Failure rate" value="20%" trend={{ current: 0.2, previous: 0.1, kind: 'rate', upIsGood: false, format: formatPercent }} />,
    );
    expect(dom.host.querySelector('.trend-badge')!.className).toContain('text-danger-emphasis');
    expect(dom.host.querySelector('.visually-hidden')!.textContent).toBe('up 10 points from 10% in the previous period');
  });

  it('says when there is no previous figure, and shows no trend without one', () => {
    dom.render(
      <StatCard id="p50" title="Time to decision" value="—" trend={{ current: null, previous: null, kind: 'duration', upIsGood: false, format: String }} />,
    );
    expect(dom.host.textContent).toContain('No previous figure');
    dom.render(<StatCard id="open" title="Open now" value="3" />);
    expect(dom.host.querySelector('[data-testid="open-trend"]')).toBeNull();
  });
});
