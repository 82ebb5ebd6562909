import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AiContext, AiStatus } from '@admin-portal/contract/ai/api';
import { AI_FEEDBACK_LABELS, AI_FEEDBACK_SCORES, AI_MESSAGE_MAX, AI_MESSAGES } from '@admin-portal/contract/ai/texts';
import { AI_PAGE_HELP } from '@admin-portal/contract/ai/page-help';
import type { AiPageKey } from '@admin-portal/contract/ai/pages';
import { LIMITS } from '@admin-portal/contract/messages';
import { roleLabel } from '@admin-portal/contract/role-names';
import { useStore } from '../../../shared/lib/create-store.ts';
import { TOAST_BESIDE, TOAST_CLEAR } from '../../../shared/notifications/toast-clearance.ts';
import { AI_ICONS } from '../../../shared/ui/icon-sets/ai.ts';
import { CONTROL_ICONS } from '../../../shared/ui/icon-sets/controls.ts';
import { addIcons, Icon } from '../../../shared/ui/icons.tsx';
import { Markdown } from '../../../shared/ui/markdown.tsx';
import { getAiStatus } from '../api/ai-api.ts';
import type { AiMessage } from '../lib/ai-chat.ts';
import { aiActivity, aiChat } from '../lib/ai-instance.ts';
import { AI_PANEL_ID } from './ai-toggle.tsx';
import './ai-panel.css';

addIcons(CONTROL_ICONS);
addIcons(AI_ICONS);

function FeedbackButtons({ message }: { message: AiMessage }) {
  if (!message.interactionId || message.isError) return null;
  if (message.feedbackSubmitted) {
    return (
      <p className="ai-feedback-done small text-success mb-0">
        <Icon name="person-check" /> {AI_MESSAGES.feedbackSubmitted}
      </p>
    );
  }
  return (
    <div className="ai-feedback" role="group" aria-label="Rate this reply">
      {AI_FEEDBACK_SCORES.map((score) => (
        <button key={score} type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void aiChat.rate(message.id, score)}>
          {AI_FEEDBACK_LABELS[score]}
        </button>
      ))}
    </div>
  );
}

function MessageBubble({ message }: { message: AiMessage }) {
  if (message.role === 'user') {
    return (
      <li className="ai-message ai-message-user">
        <span className="visually-hidden">You: </span>
        {message.content}
      </li>
    );
  }
  return (
    <li className={`ai-message ai-message-assistant${message.isError ? ' ai-message-error' : ''}`} role={message.isError ? 'alert' : undefined}>
      <span className="visually-hidden">Assistant: </span>
      {message.isError ? (
        <p className="mb-0">{message.content}</p>
      ) : (
        <Markdown source={message.content} anchors={false} portalLinksOnly className="ai-markdown" />
      )}
      {message.contextUnderstood && <p className="ai-understood small text-body-secondary mb-1">{message.contextUnderstood}</p>}
      <FeedbackButtons message={message} />
    </li>
  );
}

function SessionStats() {
  const [open, setOpen] = useState(false);
  const stats = open ? aiActivity.stats() : null;
  return (
    <details className="ai-stats small" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>Session activity</summary>
      {stats && (
        <div className="ai-stats-body">
          <p className="mb-1 fw-semibold">Top patterns</p>
          {stats.topPatterns.length === 0 ? (
            <p className="text-body-secondary mb-2">Nothing yet.</p>
          ) : (
            <ol className="mb-2">
              {stats.topPatterns.map((p) => (
                <li key={p.pattern}>
                  {p.pattern.replaceAll('_', ' ')}: {p.count}
                </li>
              ))}
            </ol>
          )}
          <p className="mb-1 fw-semibold">Last activities</p>
          {stats.lastActivities.length === 0 ? (
            <p className="text-body-secondary mb-0">Nothing yet.</p>
          ) : (
            <ul className="mb-0">
              {stats.lastActivities.map((a, i) => (
                <li key={`${a.timestamp}-${i}`}>
                  {a.pattern.replaceAll('_', ' ')} <time dateTime={a.timestamp}>{new Date(a.timestamp).toLocaleTimeString()}</time>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </details>
  );
}

/** Spec §2/§4: the 400 px right-side assistant panel. */
export function AiPanel({ buildContext, pageKey }: { buildContext: () => AiContext; pageKey: AiPageKey }) {
  const open = useStore(aiChat.store, (s) => s.open);
  const messages = useStore(aiChat.store, (s) => s.messages);
  const pending = useStore(aiChat.store, (s) => s.pending);
  const context = useStore(aiChat.store, (s) => s.context);
  const [text, setText] = useState('');
  const [status, setStatus] = useState<AiStatus | null | 'failed'>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const help = AI_PAGE_HELP[pageKey];

  useEffect(() => {
    if (!open) return;
    let live = true;
    void getAiStatus().then((r) => live && setStatus(r.success ? r.data : 'failed'));
    inputRef.current?.focus();
    return () => {
      live = false;
    };
  }, [open]);

  useEffect(() => {
    listRef.current?.lastElementChild?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, pending]);

  if (!open) return null;
  const online = status !== 'failed' && (status === null || status.online);
  const last = [...messages].reverse().find((m) => m.role === 'assistant' && !m.isError);
  const suggestions = last ? last.suggestions : [...help.suggestions];

  const send = async (question: string) => {
    if (!question.trim() || pending) return;
    setText('');
    await aiChat.ask(question, buildContext);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(text);
  };

  return (
    <aside id={AI_PANEL_ID} className="ai-panel" aria-label={AI_MESSAGES.panelTitle} style={{ width: LIMITS.aiPanelWidthPx }} {...TOAST_BESIDE}>
      <header className="ai-panel-header" {...TOAST_CLEAR}>
        <h2 className="h6 mb-0 d-flex align-items-center gap-2">
          <Icon name="stars" /> {AI_MESSAGES.panelTitle}
          <span
            className={`badge ${online ? 'text-bg-success' : 'text-bg-secondary'}`}
            title={status && status !== 'failed' ? `Provider: ${status.provider}` : undefined}
          >
            {online ? AI_MESSAGES.online : AI_MESSAGES.offline}
          </span>
        </h2>
        <div className="d-flex gap-1">
          <button
            type="button"
            className="btn btn-icon btn-sm"
            aria-label={AI_MESSAGES.clearConversation}
            title={AI_MESSAGES.clearConversation}
            onClick={() => aiChat.clear()}
            disabled={messages.length === 0}
          >
            <Icon name="trash" />
          </button>
          <button
            type="button"
            className="btn btn-icon btn-sm"
            aria-label={AI_MESSAGES.closePanel}
            title={AI_MESSAGES.closePanel}
            onClick={() => aiChat.close()}
          >
            <Icon name="x-lg" />
          </button>
        </div>
      </header>
      <div className="ai-panel-body">
        <p className="ai-welcome">{help.welcome}</p>
        <ol className="ai-messages list-unstyled" ref={listRef} aria-live="polite" aria-label="Conversation">
          {messages.map((m) => (
            <MessageBubble key={m.id} message={m} />
          ))}
          {pending && !messages.some((m) => m.streaming) && (
            <li className="ai-message ai-message-assistant ai-thinking" role="status">
              <span className="spinner-grow spinner-grow-sm" aria-hidden="true" /> {AI_MESSAGES.thinking}
            </li>
          )}
        </ol>
        {suggestions.length > 0 && (
          <div className="ai-suggestions" role="group" aria-label="Suggestions">
            {suggestions.map((s) => (
              <button
                key={s}
                type="button"
                className="btn btn-sm btn-outline-primary"
                disabled={pending}
                onClick={() => {
                  aiActivity.track('suggestion', { text: s });
                  void send(s);
                }}
              >
                {s}
              </button>
            ))}
          </div>
        )}
      </div>
      <footer className="ai-panel-footer">
        <form onSubmit={submit} className="ai-input">
          <label htmlFor="ai-input" className="visually-hidden">
            Message to the assistant
          </label>
          <textarea
            id="ai-input"
            ref={inputRef}
            className="form-control"
            rows={2}
            maxLength={AI_MESSAGE_MAX}
            placeholder={AI_MESSAGES.inputPlaceholder}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                void send(text);
              }
            }}
          />
          <button type="submit" className="btn btn-primary" disabled={pending || !text.trim()} aria-label="Send">
            <Icon name="send" />
          </button>
        </form>
        <p className="ai-context small text-body-secondary mb-0">
          Context: {help.title}
          {context?.user_role ? ` · ${roleLabel(context.user_role)}` : ''}
          {context?.organization_name ? ` · ${context.organization_name}` : ''}
        </p>
        <SessionStats />
      </footer>
    </aside>
  );
}
