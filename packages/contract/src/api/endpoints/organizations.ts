import { defineEndpoints } from '../endpoint.ts';

export const ORGANIZATION_ENDPOINTS = defineEndpoints({});
