/** Requests and responses of the listings API, shared by the server and the pages. */
import { z } from 'zod';
import { PORTALS } from './contracts.js';

/**
 * The largest page source a real listing page needs: a leboncoin search page saved from a browser
 * weighs 2.2 MB, an ad page or another portal's far less (bench/listing-coverage.ts prints them).
 */
export const MAX_PAGE_CHARS = 3_000_000;
/** A pasted text: a whole page's text (Ctrl+A) is a few tens of thousands of characters. */
export const MAX_TEXT_CHARS = 200_000;

export const PAGE_TOO_LONG = 'Code source trop long (3\u00a0Mo au plus)\u00a0: collez plutôt le texte de l’annonce.';
export const TEXT_TOO_LONG = 'Texte trop long (200\u00a0000 caractères au plus)\u00a0: collez le texte de l’annonce seule.';

export const parseRequestSchema = z
  .object({
    url: z
      .string()
      .trim()
      .url('Adresse de l’annonce invalide.')
      .max(2000)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    html: z.string().max(MAX_PAGE_CHARS, PAGE_TOO_LONG).optional(),
    text: z.string().max(MAX_TEXT_CHARS, TEXT_TOO_LONG).optional(),
    portal: z.enum(PORTALS).optional(),
  })
  .refine((r) => r.url || r.html?.trim() || r.text?.trim(), {
    message: 'Collez l’adresse, le code source ou le texte d’une annonce.',
    path: ['url'],
  });
export type ParseRequest = z.infer<typeof parseRequestSchema>;
