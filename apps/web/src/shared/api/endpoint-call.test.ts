import { describe, expect, it } from 'vitest';
import type { RequestOptions } from './api-client.ts';
import type { ApiResult } from './api-result.ts';
import { endpointCaller, requestOf } from './endpoint-call.ts';

describe('requestOf', () => {
  it('makes the request of a route key: its method, and its path below /api with the parameters filled in', () => {
    expect(requestOf('GET /api/admin/tools/:id', { id: 'a b/c' })).toEqual({ method: 'GET', path: '/admin/tools/a%20b%2Fc' });
    expect(requestOf('DELETE /api/admin/applications/:id/notes/:note_id/files/:file_id', { id: '1', note_id: '2', file_id: '3' })).toEqual({
      method: 'DELETE',
      path: '/admin/applications/1/notes/2/files/3',
    });
  });

  it('refuses a route whose path parameter is missing', () => {
    expect(() => requestOf('GET /api/admin/tools/:id', {})).toThrow('the path parameter id is missing');
  });
});

describe('call', () => {
  it('sends the method, path, query and body through the client, with the options given', async () => {
    const sent: { path: string; opts: RequestOptions | undefined }[] = [];
    const request = async <T>(path: string, opts?: RequestOptions): Promise<ApiResult<T>> => {
      sent.push({ path, opts });
      return { success: true, status: 200, data: {} as T };
    };
    const call = endpointCaller(request);
    await call('PUT /api/admin/tools/:id', { params: { id: 't1' }, body: { name: 'x' }, timeoutMs: null });
    await call('GET /api/admin/tools', { query: { limit: 5, offset: 0 } });
    await call('GET /api/admin/tools/types');
    expect(sent).toEqual([
      { path: '/admin/tools/t1', opts: { method: 'PUT', body: { name: 'x' }, timeoutMs: null } },
      { path: '/admin/tools', opts: { method: 'GET', query: { limit: 5, offset: 0 } } },
      { path: '/admin/tools/types', opts: { method: 'GET' } },
    ]);
  });
});
