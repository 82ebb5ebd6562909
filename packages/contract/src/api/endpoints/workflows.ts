import { defineEndpoints } from '../endpoint.ts';

export const WORKFLOW_ENDPOINTS = defineEndpoints({});
