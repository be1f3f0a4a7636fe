import { z } from 'zod';

/**
 * The one error shape of the JSON API: a French message, the invalid fields when any, and the
 * request's id (also in `X-Request-Id`), which a user quotes so that its log lines can be found.
 */
export const apiErrorSchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
