import type { AiChatResponse, AiContext, AiFeedbackRequest } from '@admin-portal/contract/ai/api';
import { LIMITS, MESSAGES } from '@admin-portal/contract/messages';
import { api, API_BASE_URL, call } from '../../../shared/api/api.ts';
import type { ApiResult } from '../../../shared/api/api-result.ts';
import { takeEvents } from '../lib/sse.ts';

const failure = (status: number, message: string, data: unknown = null): ApiResult<AiChatResponse> => ({
  success: false,
  status,
  data,
  message,
  validation_errors: [],
});

/**
 * POST /admin/ai/chat as a stream (Accept: text/event-stream): `onDelta` gets the reply's text as the provider writes
 * it; the result is the JSON answer of spec §7 (success, data {response, suggestions, interaction_id,
 * context_understood}, message), or a failure whose message falls back to 'AI service unavailable'. Within the 30 s
 * request timeout (spec §9).
 */
export async function streamChat(message: string, context: AiContext, onDelta: (text: string) => void): Promise<ApiResult<AiChatResponse>> {
  let res: Response;
  try {
    res = await api.authorizedFetch(`${API_BASE_URL}/admin/ai/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ message, context }),
      signal: AbortSignal.timeout(LIMITS.requestTimeoutMs),
    });
  } catch {
    return failure(500, MESSAGES.aiUnavailable);
  }
  if (!res.ok || !res.body || !(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const body = (await res.json().catch(() => null)) as { detail?: string } | null;
    return failure(res.status, body?.detail ?? MESSAGES.aiUnavailable, body);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const { events, rest } = takeEvents(buffer + value);
      buffer = rest;
      for (const e of events) {
        const data = JSON.parse(e.data) as { text?: string; status?: number; detail?: string } & AiChatResponse;
        if (e.event === 'delta' && data.text) onDelta(data.text);
        else if (e.event === 'done') return { success: true, status: 200, data };
        else if (e.event === 'error') return failure(data.status ?? 500, data.detail ?? MESSAGES.aiUnavailable, data);
      }
    }
  } catch {
    return failure(500, MESSAGES.aiUnavailable);
  }
  return failure(500, MESSAGES.aiUnavailable);
}

/** POST /admin/ai/feedback (spec §7): 5, 3 or 1, once per reply. */
export const sendFeedback = (body: AiFeedbackRequest) => call('POST /api/admin/ai/feedback', { body });

/** GET /admin/ai/status: which provider answers and whether it is reachable (the panel's badge). */
export const getAiStatus = () => call('GET /api/admin/ai/status');
