/**
 * The audit log of administrator actions (`/api/admin/audit`): who acted, when, on what, from
 * which IP address. Every admin action of the server records one entry through `recordAudit`.
 */
import { z } from 'zod';

/** The actions recorded, with the French label the administration page shows. */
export const AUDIT_ACTIONS = {
  'subscription.grant': 'Abonnement accordé',
  'subscription.extend': 'Abonnement prolongé',
  'subscription.end': 'Abonnement terminé',
  'subscription.trial': 'Essai gratuit ouvert',
  'import.start': 'Import lancé',
  'import.success': 'Import réussi',
  'import.failure': 'Import en échec',
  'user.disable': 'Utilisateur désactivé',
  'user.enable': 'Utilisateur réactivé',
  'user.signout': 'Déconnexion forcée',
  'user.verify': 'Adresse e-mail confirmée par un administrateur',
  'newsletter.test': 'Test de lettre envoyé',
  'newsletter.send': 'Lettre d’information envoyée',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
/** French labels of the details recorded with an action (keys not listed are shown as they are). */
export const AUDIT_DETAIL_LABELS: Record<string, string> = {
  months: 'mois',
  days: 'jours',
  until: 'jusqu’au',
  sessionsEnded: 'sessions fermées',
  dep: 'département',
  years: 'années',
  source: 'source',
  files: 'fichiers importés',
  skipped: 'fichiers absents ignorés',
  rowsKept: 'lignes importées',
  rowsRejected: 'lignes rejetées',
  reason: 'raison',
  segment: 'segment',
  subject: 'objet',
  recipients: 'destinataires',
  campaignId: 'campagne',
  to: 'destinataire',
};

export const auditActionSchema = z.enum(Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]]);

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorEmail: z.string(),
  ip: z.string().nullable(),
  action: auditActionSchema,
  target: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_SIZE = 50;
export const auditQuerySchema = z.object({
  action: auditActionSchema.optional().or(z.literal('').transform(() => undefined)),
  /** Part of the administrator's e-mail or of the target. */
  q: z.string().trim().max(254).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;
export const auditListResponseSchema = z.object({ entries: z.array(auditEntrySchema), total: z.number().int() });
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;
