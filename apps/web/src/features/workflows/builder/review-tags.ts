/**
 * What an approval step adds to its review, shown on its box in the builder (issue 35): "4 eyes" (a second decision by
 * someone else: always, or "4 eyes if" a condition), "escalates" at the deadline, and a deadline in minutes.
 */
export function reviewTags(type: string, config: Record<string, unknown>): { text: string; title: string }[] {
  if (type !== 'approval') return [];
  const tags: { text: string; title: string }[] = [];
  if (config.second_decision === 'always') tags.push({ text: '4 eyes', title: 'A second decision by someone else, always' });
  if (config.second_decision === 'when')
    tags.push({
      text: '4 eyes if',
      title: `A second decision by someone else when ${typeof config.second_when === 'string' ? config.second_when : 'its condition holds'}`,
    });
  if (typeof config.sla_minutes === 'number') tags.push({ text: `${config.sla_minutes} min`, title: `Decided within ${config.sla_minutes} minutes` });
  if (config.escalate === true) tags.push({ text: 'escalates', title: 'Escalated when its deadline passes' });
  return tags;
}
