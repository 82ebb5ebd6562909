import { describe, expect, it } from 'vitest';
import type { AiChatResponse, AiContext } from '@admin-portal/contract/ai/api';
import { MESSAGES, TOASTS } from '@admin-portal/contract/messages';
import type { ApiResult } from '../../../shared/api/api-result.ts';
import { createActivity } from './ai-activity.ts';
import { createAiChat } from './ai-chat.ts';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
};

const reply = (text: string): ApiResult<AiChatResponse> => ({
  success: true,
  status: 200,
  data: {
    success: true,
    message: 'Reply generated',
    data: {
      response: text,
      suggestions: ['Next?'],
      interaction_id: '00000000-0000-4000-8000-000000000001',
      context_understood: 'Dashboard page · built-in',
      provider: 'built-in',
      links: [],
    },
  },
});

function setup(send: (m: string, c: AiContext) => Promise<ApiResult<AiChatResponse>>, feedbackOk = true) {
  const toasts: { type: string; title: string; message?: string }[] = [];
  const sent: { message: string; context: AiContext }[] = [];
  const chat = createAiChat({
    send: (message, context) => {
      sent.push({ message, context });
      return send(message, context);
    },
    feedback: async () =>
      feedbackOk ? { success: true, status: 200, data: {} } : { success: false, status: 500, data: null, message: 'x', validation_errors: [] },
    notify: (n) => toasts.push(n),
    activity: createActivity({ session: memory(), local: memory(), sessionId: 's1' }),
  });
  return { chat, toasts, sent };
}

const build = (): AiContext => ({ page: 'dashboard_overview', path: '/dashboard', session_id: 's1' });

describe('the assistant conversation (spec §4, §5, §8)', () => {
  it('builds the context from the path on the first open, and ignores empty questions', async () => {
    const { chat, sent } = setup(async () => reply('Hi'));
    chat.toggle(build);
    expect(chat.store.get()).toMatchObject({ open: true, context: { page: 'dashboard_overview' } });
    expect(await chat.ask('   ', build)).toBe(false);
    expect(sent).toHaveLength(0);
    expect(await chat.ask('  How many wait?  ', build)).toBe(true);
    expect(sent[0]!.message).toBe('How many wait?');
    expect(sent[0]!.context.recent_actions!.at(-1)).toMatchObject({ action: 'ai_question', sessionId: 's1' });
    expect(chat.store.get().messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'How many wait?'],
      ['assistant', 'Hi'],
    ]);
  });

  it('blocks a second question while a reply is pending', async () => {
    let release: (r: ApiResult<AiChatResponse>) => void = () => {};
    const { chat, sent } = setup(() => new Promise((resolve) => (release = resolve)));
    const first = chat.ask('One', build);
    expect(chat.store.get().pending).toBe(true);
    expect(await chat.ask('Two', build)).toBe(false);
    release(reply('Done'));
    await first;
    expect(sent.map((s) => s.message)).toEqual(['One']);
    expect(chat.store.get().pending).toBe(false);
  });

  it('shows the apology as an error bubble and the error toast when the call fails', async () => {
    const { chat, toasts } = setup(async () => ({ success: false, status: 500, data: null, message: MESSAGES.aiUnavailable, validation_errors: [] }));
    await chat.ask('Hello?', build);
    const last = chat.store.get().messages.at(-1)!;
    expect(last).toMatchObject({ role: 'assistant', content: MESSAGES.aiConnectionTrouble, isError: true });
    expect(toasts).toEqual([{ type: 'error', title: TOASTS.aiError.title, message: TOASTS.aiError.message }]);
  });

  it('rates a reply once; a failed rating says so and leaves it open', async () => {
    const ok = setup(async () => reply('Answer'));
    await ok.chat.ask('Q', build);
    const id = ok.chat.store.get().messages.at(-1)!.id;
    await ok.chat.rate(id, 5);
    await ok.chat.rate(id, 1);
    expect(ok.chat.store.get().messages.at(-1)).toMatchObject({ feedbackSubmitted: true, feedbackScore: 5 });
    expect(ok.toasts).toEqual([{ type: 'success', title: TOASTS.feedbackSubmitted.title, message: TOASTS.feedbackSubmitted.message }]);

    const bad = setup(async () => reply('Answer'), false);
    await bad.chat.ask('Q', build);
    await bad.chat.rate(bad.chat.store.get().messages.at(-1)!.id, 3);
    expect(bad.chat.store.get().messages.at(-1)!.feedbackSubmitted).toBeUndefined();
    expect(bad.toasts).toEqual([{ type: 'error', title: TOASTS.feedbackError.title, message: TOASTS.feedbackError.message }]);
  });

  it('shows a streamed reply as it comes, then the finished one in its place', async () => {
    const seen: string[] = [];
    const { chat } = setup(async () => reply('unused'));
    const streaming = createAiChat({
      send: async (_m, _c, onDelta) => {
        onDelta('### 1. ');
        seen.push(chat.store.get().messages.length.toString());
        onDelta('Answer');
        seen.push(streaming.store.get().messages.at(-1)!.content);
        return reply('### 1. Answer');
      },
      feedback: async () => ({ success: true, status: 200, data: {} }),
      notify: () => undefined,
      activity: createActivity({ session: memory(), local: memory(), sessionId: 's1' }),
    });
    await streaming.ask('Q', build);
    expect(seen[1]).toBe('### 1. Answer');
    const messages = streaming.store.get().messages;
    expect(messages.map((m) => [m.role, m.content, m.streaming ?? false])).toEqual([
      ['user', 'Q', false],
      ['assistant', '### 1. Answer', false],
    ]);
    expect(messages[1]!.interactionId).toBeDefined();
  });

  it('clears the conversation', async () => {
    const { chat } = setup(async () => reply('Answer'));
    await chat.ask('Q', build);
    chat.clear();
    expect(chat.store.get().messages).toEqual([]);
  });
});
