import { describe, expect, it } from 'vitest';
import { firstApplicationCurl } from './first-application.ts';

describe('firstApplicationCurl', () => {
  it('posts to the intake API of this portal with a key, an idempotency key and the workflow', () => {
    const curl = firstApplicationCurl('https://portal.example.com', 'wf-1');
    expect(curl).toContain("curl -X POST 'https://portal.example.com/api/public/v1/applications'");
    expect(curl).toContain("-H 'Authorization: Bearer YOUR_API_KEY'");
    expect(curl).toContain("-H 'Idempotency-Key: first-application-1'");
    const body = /-d '(.*)'$/.exec(curl)![1]!;
    expect(JSON.parse(body)).toEqual({ workflow_id: 'wf-1', applicant: { name: 'Ada Lovelace', email: 'ada@example.com' }, data: {} });
  });
});
