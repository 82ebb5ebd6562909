import { defineEndpoints } from '../endpoint.ts';

export const INTAKE_ENDPOINTS = defineEndpoints({});
