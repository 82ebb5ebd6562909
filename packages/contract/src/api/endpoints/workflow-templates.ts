import { defineEndpoints } from '../endpoint.ts';

export const WORKFLOW_TEMPLATE_ENDPOINTS = defineEndpoints({});
