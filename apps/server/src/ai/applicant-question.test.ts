/**
 * The built-in assistant reads a question about one applicant or case in the ways people ask it, and leaves the
 * questions its other intents answer (workflows, counts, roles, how-tos) alone.
 */
import { describe, expect, it } from 'vitest';
import { applicantQuestion } from './applicant-question.ts';
import { intentsOf } from './builtin-assistant.ts';
import { ASSISTANT_CASES } from './eval/assistant-cases.ts';

const ID = '3f2a9c1e-7b4d-4e8f-a6c1-2d3e4f5a6b7c';

describe('applicantQuestion', () => {
  it.each([
    ['Who is Radia Lamarr?', 'Radia Lamarr'],
    ['who is Radia Lamarr', 'Radia Lamarr'],
    ['What about Radia Lamarr?', 'Radia Lamarr'],
    ['Where is Radia Lamarr’s application?', 'Radia Lamarr'],
    ["Where is radia lamarr's application?", 'radia lamarr'],
    ["Where's the case of Hedy Berners-Lee?", 'Hedy Berners-Lee'],
    ['status of Radia Lamarr', 'Radia Lamarr'],
    ['What is the status of Grace Hopper’s application?', 'Grace Hopper'],
    ["What's Grace Hopper's status?", 'Grace Hopper'],
    ['Tell me about Radia Lamarr.', 'Radia Lamarr'],
    ['Tell me about the applicant "Ada Lovelace"', 'Ada Lovelace'],
    ['Who is radia.lamarr.7@example.com?', 'radia.lamarr.7@example.com'],
    ['What about DEMO-10042?', 'DEMO-10042'],
    ['Status of the application DEMO-10042', 'DEMO-10042'],
    [`Tell me about ${ID}`, ID],
    [`Where is application ${ID.toUpperCase()}?`, ID.toUpperCase()],
    ['Who is Radia Lamarr, and how many reviews wait?', 'Radia Lamarr'],
    ['Who has the Hamilton case?', 'Hamilton'],
    ['who has Ada Lovelace’s review?', 'Ada Lovelace'],
  ])('%s → %s', (message, query) => {
    expect(applicantQuestion(message)?.query).toBe(query);
  });

  it.each([
    'Who is locked out?',
    'Who is allowed to approve KYC cases?',
    'Who are the admins?',
    'Who are you?',
    'What about tools?',
    'What about KYC?',
    'What about today?',
    'What about 30d?',
    'Tell me about workflows',
    'Tell me about the Tool Registry',
    'Tell me about MCP',
    'What is the status of the review queue?',
    'How do I find a workflow?',
    'Who is online?',
    'Who is the compliance officer?',
    "Where is everyone's application?",
    'Who has the most reviews?',
  ])('%s is not about an applicant', (message) => {
    expect(applicantQuestion(message)).toBeUndefined();
  });
});

describe('intentsOf and applicants', () => {
  it('takes a question about a named applicant as that alone, whatever words the name holds', () => {
    expect(intentsOf('Who is Radia Lamarr?').map((i) => [i.fact, i.args])).toEqual([['application_lookup', { query: 'Radia Lamarr' }]]);
    // "Overdue" inside a name does not ask for the overdue reviews.
    expect(intentsOf("Where is Tim Overdue's application?").map((i) => i.fact)).toEqual(['application_lookup']);
    // A second question in the message is still answered, after the first.
    expect(intentsOf('What about Radia Lamarr, and how many applications wait for review?').map((i) => i.fact)).toEqual(['application_lookup', 'review_queue']);
  });

  it('leaves every question of the evaluation set to the intent it had', () => {
    const others = ASSISTANT_CASES.filter((c) => c.intent !== 'application_lookup');
    expect(others.length).toBeGreaterThan(30);
    for (const c of others)
      expect(
        intentsOf(c.message).map((i) => i.fact),
        c.message,
      ).not.toContain('application_lookup');
  });
});
