import { notify } from '../../../shared/notifications/notifications-store.ts';
import { sendFeedback, streamChat } from '../api/ai-api.ts';
import { createActivity } from './ai-activity.ts';
import { createAiChat } from './ai-chat.ts';

/** The one assistant conversation of this tab, and the session activity it reports. */
export const aiActivity = createActivity();
export const aiChat = createAiChat({ send: streamChat, feedback: sendFeedback, notify, activity: aiActivity });
