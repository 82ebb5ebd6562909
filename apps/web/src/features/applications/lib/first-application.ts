/** The empty state's example: a curl that sends an application to the intake API (the key is the reader's own). */
export function firstApplicationCurl(origin: string, workflowId: string): string {
  const body = JSON.stringify({ workflow_id: workflowId, applicant: { name: 'Ada Lovelace', email: 'ada@example.com' }, data: {} });
  return [
    `curl -X POST '${origin}/api/public/v1/applications' \\`,
    `  -H 'Authorization: Bearer YOUR_API_KEY' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H 'Idempotency-Key: first-application-1' \\`,
    `  -d '${body}'`,
  ].join('\n');
}
