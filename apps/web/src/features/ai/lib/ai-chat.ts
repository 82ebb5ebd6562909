/**
 * The assistant panel's state and what it does (spec §2, §4, §8): open/closed, the conversation, one question at a
 * time, feedback once per reply, and spec §8's failure bubble and toasts. Calls and toasts are passed in, so the
 * rules are tested without a browser.
 */
import type { AiChatResponse, AiContext, AiFeedbackRequest } from '@admin-portal/contract/ai/api';
import { MESSAGES, TOASTS } from '@admin-portal/contract/messages';
import type { ApiResult } from '../../../shared/api/api-result.ts';
import { createStore, type Store } from '../../../shared/lib/create-store.ts';
import { TOAST_TITLES, type ToastTitle } from '../../../shared/notifications/toast-titles.ts';
import type { Activity } from './ai-activity.ts';

/** Spec §3 AI message. */
export interface AiMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  timestamp: string;
  suggestions: string[];
  interactionId?: string;
  contextUnderstood?: string;
  isError?: boolean;
  /** Still streaming in. */
  streaming?: boolean;
  feedbackSubmitted?: boolean;
  feedbackScore?: number;
  links?: { title: string; url: string }[];
}

export interface AiChatState {
  open: boolean;
  messages: AiMessage[];
  pending: boolean;
  /** The context of the conversation: built from the current path on the first open (spec §4), kept current on navigation. */
  context: AiContext | null;
}

export interface AiChatDeps {
  /** Sends the question; `onDelta` gets the reply's text while it streams. */
  send: (message: string, context: AiContext, onDelta: (text: string) => void) => Promise<ApiResult<AiChatResponse>>;
  feedback: (body: AiFeedbackRequest) => Promise<ApiResult<unknown>>;
  notify: (n: { type: 'success' | 'error'; title: ToastTitle; message?: string }) => void;
  activity: Activity;
  now?: () => Date;
}

let counter = 0;
const nextId = () => `m${Date.now().toString(36)}-${(counter += 1)}`;

export function createAiChat(deps: AiChatDeps) {
  const store: Store<AiChatState> = createStore<AiChatState>({ open: false, messages: [], pending: false, context: null });
  const now = deps.now ?? (() => new Date());
  const add = (m: Omit<AiMessage, 'id' | 'timestamp'>) =>
    store.set((s) => ({ messages: [...s.messages, { ...m, id: nextId(), timestamp: now().toISOString() }] }));
  const patch = (id: string, p: Partial<AiMessage>) => store.set((s) => ({ messages: s.messages.map((m) => (m.id === id ? { ...m, ...p } : m)) }));

  return {
    store,
    /** Opens or closes the panel; the first open without a context builds it (`build`) from the current path. */
    toggle(build: () => AiContext): void {
      const { open, context } = store.get();
      store.set({ open: !open, context: !open && !context ? build() : context });
      deps.activity.track(open ? 'panel_closed' : 'panel_opened', { page: (context ?? build()).page });
    },
    close(): void {
      store.set({ open: false });
    },
    setContext(context: AiContext): void {
      store.set({ context });
    },
    clear(): void {
      store.set({ messages: [] });
      deps.activity.track('conversation_cleared');
    },
    /** Sends a question; nothing happens while a reply is pending or when the trimmed text is empty (spec §4, §5). */
    async ask(text: string, build: () => AiContext): Promise<boolean> {
      const message = text.trim();
      if (!message || store.get().pending) return false;
      const here = build();
      deps.activity.recordAction('ai_question', { message: message.slice(0, 200), page: here.page });
      deps.activity.track('question', { page: here.page, length: message.length });
      const context = { ...(store.get().context ?? here), ...here, recent_actions: deps.activity.recentActions() };
      store.set({ pending: true, context });
      add({ role: 'user', content: message, suggestions: [] });
      let streamingId: string | null = null;
      const result = await deps.send(message, context, (text) => {
        if (!streamingId) {
          add({ role: 'assistant', content: '', suggestions: [], streaming: true });
          streamingId = store.get().messages.at(-1)!.id;
        }
        const id = streamingId;
        store.set((s) => ({ messages: s.messages.map((m) => (m.id === id ? { ...m, content: m.content + text } : m)) }));
      });
      // The streamed bubble (if any) becomes the reply, or the error.
      if (streamingId) store.set((s) => ({ messages: s.messages.filter((m) => m.id !== streamingId) }));
      if (result.success) {
        const d = result.data.data;
        add({
          role: 'assistant',
          content: d.response,
          suggestions: d.suggestions,
          interactionId: d.interaction_id,
          contextUnderstood: d.context_understood,
          links: d.links,
        });
      } else {
        add({ role: 'assistant', content: MESSAGES.aiConnectionTrouble, suggestions: [], isError: true });
        deps.notify({ type: 'error', title: TOAST_TITLES.aiError, message: TOASTS.aiError.message });
        deps.activity.track('error', { status: result.status, message: result.message });
      }
      store.set({ pending: false });
      return result.success;
    },
    /** Rates a reply 5, 3 or 1 (spec §4); once it succeeded the reply shows 'Feedback submitted'. */
    async rate(messageId: string, score: 1 | 3 | 5): Promise<void> {
      const message = store.get().messages.find((m) => m.id === messageId);
      if (!message?.interactionId || message.isError || message.feedbackSubmitted) return;
      const result = await deps.feedback({ interaction_id: message.interactionId, feedback_score: score });
      if (result.success) {
        patch(messageId, { feedbackSubmitted: true, feedbackScore: score });
        deps.notify({ type: 'success', title: TOAST_TITLES.feedbackSubmitted, message: TOASTS.feedbackSubmitted.message });
        deps.activity.track('feedback', { score });
      } else {
        deps.notify({ type: 'error', title: TOAST_TITLES.feedbackError, message: TOASTS.feedbackError.message });
      }
    },
  };
}

export type AiChat = ReturnType<typeof createAiChat>;
