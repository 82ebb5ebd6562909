import { defineEndpoints } from '../endpoint.ts';

export const SIMULATION_ENDPOINTS = defineEndpoints({});
