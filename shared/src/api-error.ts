import { z } from 'zod';

/** The one error shape of the JSON API: a French message, and the invalid fields when any. */
export const apiErrorSchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
