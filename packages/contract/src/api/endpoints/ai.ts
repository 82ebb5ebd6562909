import { defineEndpoints } from '../endpoint.ts';

export const AI_ENDPOINTS = defineEndpoints({});
