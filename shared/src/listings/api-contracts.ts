/** Requests and responses of the listings API, shared by the server and the pages. */
import { z } from 'zod';
import { PORTALS } from './contracts.js';

const MAX_PAGE = 6_000_000;

export const parseRequestSchema = z
  .object({
    url: z
      .string()
      .trim()
      .url('Adresse de l’annonce invalide.')
      .max(2000)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    html: z.string().max(MAX_PAGE, 'Code source trop long (6 Mo au plus).').optional(),
    text: z.string().max(200_000, 'Texte trop long.').optional(),
    portal: z.enum(PORTALS).optional(),
  })
  .refine((r) => r.url || r.html?.trim() || r.text?.trim(), {
    message: 'Collez l’adresse, le code source ou le texte d’une annonce.',
    path: ['url'],
  });
export type ParseRequest = z.infer<typeof parseRequestSchema>;
