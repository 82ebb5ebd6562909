/** The assistant's texts and limits (spec §3/§7 "AI"), without zod: the web app's shell shows them. api.ts has the schemas. */

export const AI_MESSAGES = {
  /** System Configuration's features.ai_assistant is false for the caller's organization. */
  turnedOff: 'The AI assistant is turned off for your organization.',
  messageRequired: 'Message is required',
  messageTooLong: 'Message is too long (at most 4000 characters)',
  scoreInvalid: 'Feedback score must be 1, 3 or 5',
  commentTooLong: 'Comment is too long (at most 1000 characters)',
  feedbackTwice: 'Feedback was already given for this reply',
  feedbackOnError: 'A reply that failed cannot be rated',
  interactionNotFound: 'Interaction not found',
  unknownTopic: 'Unknown help topic',
  replied: 'Reply generated',
  feedbackRecorded: 'Feedback recorded',
  /** Panel texts (spec §2, §4). */
  panelTitle: 'AI Assistant',
  online: 'Online',
  offline: 'Offline',
  thinking: 'AI is thinking...',
  inputPlaceholder: 'Ask me anything about ...',
  feedbackSubmitted: 'Feedback submitted',
  clearConversation: 'Clear conversation',
  closePanel: 'Close AI assistant',
  toggle: 'AI assistant',
} as const;

export const AI_MESSAGE_MAX = 4000;
export const AI_COMMENT_MAX = 1000;
export const AI_RECENT_ACTIONS_MAX = 10;
/** Feedback scores (spec §9): 5 very helpful, 3 somewhat, 1 not helpful. */
export const AI_FEEDBACK_SCORES = [5, 3, 1] as const;
export const AI_FEEDBACK_LABELS: Readonly<Record<(typeof AI_FEEDBACK_SCORES)[number], string>> = { 5: 'Very helpful', 3: 'Somewhat helpful', 1: 'Not helpful' };
