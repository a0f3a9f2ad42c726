import { z } from 'zod';

/** GET /api/health: the process is up and serving. */
export const healthSchema = z
  .object({
    status: z.literal('ok').describe('Always "ok" when the server answers'),
  })
  .describe('HealthStatus');
