import { preferencesSchema, preferencesUpdateSchema } from '../../preferences.ts';
import { SIGNED_IN } from '../access.ts';
import { defineEndpoints } from '../endpoint.ts';

/** The signed-in user's own preferences (the Settings page), kept on the server so they follow the user. */
const tags = ['Auth'] as const;

export const PREFERENCE_ENDPOINTS = defineEndpoints({
  getOwnPreferences: {
    method: 'GET',
    path: '/api/auth/preferences',
    tags,
    summary: "The signed-in user's preferences (defaults for anything never set)",
    access: SIGNED_IN,
    responses: { 200: preferencesSchema },
  },
  updateOwnPreferences: {
    method: 'PUT',
    path: '/api/auth/preferences',
    tags,
    summary: "Change some of the signed-in user's preferences; answers all of them",
    access: SIGNED_IN,
    body: preferencesUpdateSchema,
    responses: { 200: preferencesSchema },
  },
});
