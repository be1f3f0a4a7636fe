/**
 * E-mail alerts of saved searches and watched addresses: what the pages and the administration
 * read about them (the alerts themselves are the `alert` / `watch` choice of each saved item).
 */
import { z } from 'zod';

/** Why alerts are not e-mailed, shown on the pages that let a user turn an alert on: they still arrive in the bell. */
export const ALERTS_NOT_CONFIGURED =
  'Les alertes ne sont pas envoyées par e-mail\u00a0: l’envoi d’e-mails n’est pas encore configuré sur ce site. Elles arrivent dans vos notifications (la cloche en haut de la page).';

export const alertStatusSchema = z.object({
  mailConfigured: z.boolean(),
  /** ALERTS_NOT_CONFIGURED when not configured. */
  message: z.string().nullable(),
});
export type AlertStatus = z.infer<typeof alertStatusSchema>;

export const alertRunRequestSchema = z.object({
  frequency: z.enum(['daily', 'weekly', 'all'], { error: 'Fréquence inconnue (daily, weekly ou all).' }).default('all'),
});

export const alertRunReportSchema = z.object({
  alerts: z.number(),
  digests: z.number(),
  rows: z.number(),
  sent: z.number(),
  failed: z.number(),
  /** In-app notifications written, with or without SMTP. */
  notifications: z.number(),
});
export type AlertRunReport = z.infer<typeof alertRunReportSchema>;

export const DIGEST_STATUS_LABELS = {
  pending: 'à envoyer',
  sending: 'en cours d’envoi',
  sent: 'envoyé',
  failed: 'échec',
  uncertain: 'envoi incertain (non renvoyé)',
} as const;

export const alertDigestSchema = z.object({
  id: z.string(),
  recipient: z.string(),
  frequency: z.enum(['daily', 'weekly']),
  subject: z.string(),
  rowCount: z.number(),
  status: z.enum(['pending', 'sending', 'sent', 'failed', 'uncertain']),
  attempts: z.number(),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export const alertAdminSchema = z.object({
  mailConfigured: z.boolean(),
  message: z.string().nullable(),
  activeAlerts: z.number(),
  digests: z.array(alertDigestSchema),
});
export type AlertAdmin = z.infer<typeof alertAdminSchema>;
