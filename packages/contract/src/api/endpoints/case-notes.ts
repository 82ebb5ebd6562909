import { defineEndpoints } from '../endpoint.ts';

export const CASE_NOTE_ENDPOINTS = defineEndpoints({});
