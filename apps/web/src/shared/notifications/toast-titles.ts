import { MESSAGES, TOASTS } from '@admin-portal/contract/messages';

declare const toastTitle: unique symbol;

/**
 * A toast's title. Only this file makes one (notify takes nothing else), so every title the app shows is in the
 * catalogue below and toast-titles.test.ts checks them all.
 */
export type ToastTitle = string & { readonly [toastTitle]: true };

const title = (text: string): ToastTitle => text as ToastTitle;

/** Titles the spec gives word for word (spec §4, §8): kept exactly, in the spec's own capitals. */
export const SPEC_TOAST_TITLES = {
  loginSuccess: title(TOASTS.loginSuccess.title),
  profileUpdated: title(TOASTS.profileUpdated.title),
  passwordChanged: title(TOASTS.passwordChanged.title),
  sessionExpiring: title(TOASTS.sessionExpiring.title),
  sessionExtended: title(TOASTS.sessionExtended.title),
  sessionExpired: title(TOASTS.sessionExpired.title),
  aiError: title(TOASTS.aiError.title),
  feedbackError: title(TOASTS.feedbackError.title),
  feedbackSubmitted: title(TOASTS.feedbackSubmitted.title),
  startupFailed: title(MESSAGES.startupFailed),
} as const;

/**
 * Every other toast title, in sentence case (issue 32 item 16): a capital for the first word only, and for names
 * that always have one (API, AI, CSV).
 */
export const TOAST_TITLES = {
  ...SPEC_TOAST_TITLES,
  // Lists
  exportReady: title('Export ready'),
  exportFailed: title('Export failed'),
  downloadFailed: title('Download failed'),
  settingsSaved: title('Settings saved'),
  nothingToSave: title('Nothing to save'),
  // Users
  userCreated: title('User created'),
  userUpdated: title('User updated'),
  userDeleted: title('User deleted'),
  userUnlocked: title('User unlocked'),
  unlockFailed: title('Unlock failed'),
  passwordReset: title('Password reset'),
  twoFactorReset: title('Two-factor authentication reset'),
  permissionGranted: title('Permission granted'),
  permissionRemoved: title('Permission removed'),
  signUpApproved: title('Sign-up approved'),
  signUpRejected: title('Sign-up rejected'),
  approvalFailed: title('Approval failed'),
  nothingToChange: title('Nothing to change'),
  /** A bulk action that worked for everyone: "Users deactivated". */
  usersDone: (done: string) => title(`Users ${done}`),
  /** A bulk action that worked for nobody: "No users deactivated". */
  noUsersDone: (done: string) => title(`No users ${done}`),
  /** A bulk action that worked for some: "Deactivated 2 of 3". */
  someUsersDone: (done: string, ok: number, total: number) => title(`${done.charAt(0).toUpperCase()}${done.slice(1)} ${ok} of ${total}`),
  // Workflows
  workflowCreated: title('Workflow created'),
  workflowDraftCreated: title('Workflow draft created'),
  workflowDuplicated: title('Workflow duplicated'),
  duplicateFailed: title('Duplicate failed'),
  workflowSaved: title('Workflow saved'),
  draftSaved: title('Draft saved'),
  draftPublished: title('Draft published'),
  draftDiscarded: title('Draft discarded'),
  saveFailed: title('Save failed'),
  workflowDeleted: title('Workflow deleted'),
  workflowActivated: title('Workflow activated'),
  workflowArchived: title('Workflow archived'),
  workflowReopened: title('Workflow reopened'),
  returnedToDraft: title('Returned to draft'),
  /** What failed, as its menu item or step says it: "Archive failed", "Activation failed". */
  failed: (what: string) => title(`${what} failed`),
  templateSaved: title('Template saved'),
  templateNotSaved: title('Template not saved'),
  versionRestored: title('Version restored'),
  restoreFailed: title('Restore failed'),
  // Tools
  toolRegistered: title('Tool registered'),
  toolDraftCreated: title('Tool draft created'),
  toolUpdated: title('Tool updated'),
  toolDeleted: title('Tool deleted'),
  toolSubmitted: title('Tool submitted'),
  toolApproved: title('Tool approved'),
  toolRejected: title('Tool rejected'),
  toolDisabled: title('Tool disabled'),
  configurationSaved: title('Configuration saved'),
  configurationDeleted: title('Configuration deleted'),
  apiKeyCreated: title('API key created'),
  apiKeyRevoked: title('API key revoked'),
  // Applications
  applicationApproved: title('Application approved'),
  reviewClaimed: title('Review claimed'),
  reviewReleased: title('Review released'),
  reviewAssigned: title('Review assigned'),
  reviewNotChanged: title('Review not changed'),
  noteAdded: title('Note added'),
  noteRedacted: title('Note redacted'),
  noteNotSaved: title('Note not saved'),
  applicationRejected: title('Application rejected'),
  applicationCancelled: title('Application cancelled'),
  applicationDeleted: title('Application deleted'),
  retryStarted: title('Retry started'),
  linkSent: title('Link sent'),
  linksRevoked: title('Links revoked'),
  linkNotMade: title('Link not made'),
  demoTrafficOn: title('Demo traffic on'),
  demoTrafficOff: title('Demo traffic off'),
  demoTrafficNotChanged: title('Demo traffic not changed'),
  couldNotMarkAsRead: title('Could not mark as read'),
  // Organizations and system configuration
  organizationCreated: title('Organization created'),
  organizationUpdated: title('Organization updated'),
  organizationDeleted: title('Organization deleted'),
  configEntryCreated: title('Configuration created'),
  configEntryUpdated: title('Configuration updated'),
  configEntryEnabled: title('Enabled'),
  configEntryDisabled: title('Disabled'),
  notChanged: title('Not changed'),
  notDeleted: title('Not deleted'),
  fileUploaded: title('File uploaded'),
  // Webhooks
  webhookAdded: title('Webhook added'),
  webhookUpdated: title('Webhook updated'),
  webhookDeleted: title('Webhook deleted'),
  webhookTurnedOn: title('Webhook turned on'),
  webhookTurnedOff: title('Webhook turned off'),
  signingSecretRotated: title('Signing secret rotated'),
  testEventSent: title('Test event sent'),
  testEventNotSent: title('Test event not sent'),
  deliveryResent: title('Sending again'),
} as const;
