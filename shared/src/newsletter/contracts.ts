/**
 * Newsletters (`/api/admin/newsletters`, `/pro/admin/brevo`): composing, testing and sending a
 * newsletter to a segment of the users who agreed to receive it, through Brevo.
 */
import { z } from 'zod';

/** Every segment is restricted to users who opted in, whose address works and is confirmed. */
export const SEGMENTS = {
  'abonnes-actifs': 'Abonnés actifs',
  'inscrits-sans-abonnement': 'Inscrits sans abonnement',
  'abonnements-termines': 'Abonnements terminés',
  tous: 'Tous les inscrits qui acceptent les nouvelles',
} as const;
export type Segment = keyof typeof SEGMENTS;
export const segmentSchema = z.enum(Object.keys(SEGMENTS) as [Segment, ...Segment[]], { error: 'Segment inconnu.' });

export const newsletterDraftSchema = z.object({
  subject: z.string({ error: 'Objet requis.' }).trim().min(1, 'Objet requis.').max(200, 'Objet trop long (200 caractères au plus).'),
  preheader: z.string().trim().max(200, 'Texte d’aperçu trop long (200 caractères au plus).').default(''),
  html: z.string({ error: 'Contenu requis.' }).min(1, 'Contenu requis.').max(200_000, 'Contenu trop long.'),
});
export type NewsletterDraft = z.input<typeof newsletterDraftSchema>;
export const newsletterSendSchema = newsletterDraftSchema.extend({ segment: segmentSchema });
export type NewsletterSend = z.input<typeof newsletterSendSchema>;

export const newsletterSummarySchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  segment: segmentSchema,
  status: z.enum(['sending', 'sent', 'failed']),
  createdAt: z.string(),
  createdBy: z.string(),
  finishedAt: z.string().nullable(),
  recipients: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
});
export type NewsletterSummary = z.infer<typeof newsletterSummarySchema>;

export const newsletterOverviewSchema = z.object({
  /** Brevo is configured (API key); without it the page says what to set. */
  configured: z.boolean(),
  segments: z.array(z.object({ segment: segmentSchema, label: z.string(), recipients: z.number().int() })),
  newsletters: z.array(newsletterSummarySchema),
});
export type NewsletterOverview = z.infer<typeof newsletterOverviewSchema>;

export const marketingConsentRequestSchema = z.object({ consent: z.boolean({ error: 'Choix requis (oui ou non).' }) });
