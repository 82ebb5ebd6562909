import { defineEndpoints } from '../endpoint.ts';

export const PREFERENCE_ENDPOINTS = defineEndpoints({});
