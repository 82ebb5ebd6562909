import { defineEndpoints } from '../endpoint.ts';

export const SSO_ENDPOINTS = defineEndpoints({});
