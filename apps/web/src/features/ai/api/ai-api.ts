import type { AiChatResponse, AiContext, AiFeedbackRequest } from '@admin-portal/contract/ai/api';
import { MESSAGES } from '@admin-portal/contract/messages';
import { api } from '../../../shared/api/api.ts';
import type { ApiResult } from '../../../shared/api/api-result.ts';

/** POST /admin/ai/chat (spec §7): the reply, or a failure whose message falls back to 'AI service unavailable'. */
export const sendChat = (message: string, context: AiContext): Promise<ApiResult<AiChatResponse>> =>
  api.post<AiChatResponse>('/admin/ai/chat', { message, context }, { fallbackMessage: MESSAGES.aiUnavailable });

/** POST /admin/ai/feedback (spec §7): 5, 3 or 1, once per reply. */
export const sendFeedback = (body: AiFeedbackRequest): Promise<ApiResult<{ success: boolean; message?: string }>> => api.post('/admin/ai/feedback', body);

export interface AiStatus {
  provider: string;
  online: boolean;
  model: string | null;
}

/** GET /admin/ai/status: which provider answers and whether it is reachable (the panel's badge). */
export const getAiStatus = (): Promise<ApiResult<AiStatus>> => api.get<AiStatus>('/admin/ai/status');
