import type { AiContext } from '@admin-portal/contract/ai/api';
import { AI_MESSAGES } from '@admin-portal/contract/ai/texts';
import { useStore } from '../../../shared/lib/create-store.ts';
import { Icon } from '../../../shared/ui/icons.tsx';
import { aiChat } from '../lib/ai-instance.ts';

export const AI_PANEL_ID = 'ai-assistant-panel';

/** The header's AI assistant toggle (spec §2). */
export function AiToggle({ buildContext }: { buildContext: () => AiContext }) {
  const open = useStore(aiChat.store, (s) => s.open);
  return (
    <button
      type="button"
      className={`btn btn-icon${open ? ' active' : ''}`}
      aria-label={AI_MESSAGES.toggle}
      title={AI_MESSAGES.panelTitle}
      aria-expanded={open}
      aria-controls={AI_PANEL_ID}
      onClick={() => aiChat.toggle(buildContext)}
    >
      <Icon name="stars" />
    </button>
  );
}
