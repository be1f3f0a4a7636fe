/**
 * In-app notifications (`/api/notifications`, the bell of the pro header): what the alert engine
 * found for a saved search or a watched address in one run, delivered whether or not this site
 * sends e-mails (decision 1370).
 */
import { z } from 'zod';
import { formatInteger, NBSP } from '../format.js';

/** Notifications per page of the bell's list. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** Rows kept per notification (as many as the e-mail writes out); the link shows them all. */
export const NOTIFICATION_ROWS_KEPT = 10;

export const notificationRowSchema = z.object({
  /** ISO date of the event (sale, diagnosis, publication). */
  date: z.string(),
  title: z.string(),
  detail: z.string(),
  /** The row's own page elsewhere (a listing on its portal), when it has one. */
  url: z.string().optional(),
});
export type NotificationRow = z.infer<typeof notificationRowSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(['search', 'address']),
  name: z.string(),
  subtitle: z.string(),
  /** A path of the app: the tool with the saved filters, or the address analysis. */
  url: z.string(),
  rowCount: z.number().int(),
  rows: z.array(notificationRowSchema),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  total: z.number().int(),
  unread: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'Numéro de page invalide.' })
    .int('Numéro de page invalide.')
    .min(1, 'Numéro de page invalide (1 au moins).')
    .max(10_000, 'Numéro de page invalide (10 000 au plus).')
    .default(1),
});

export const unreadCountSchema = z.object({ unread: z.number().int() });
export const markedSchema = z.object({ marked: z.number().int() });

export const NOTIFICATION_NOT_FOUND = 'Notification introuvable.';

/** « Recherche « Maisons à Bondy » » or « Adresse surveillée « 3 rue des Maisons » », as the e-mail heads a section. */
export function notificationHeading(n: Pick<Notification, 'kind' | 'name'>): string {
  return `${n.kind === 'search' ? 'Recherche' : 'Adresse surveillée'} «${NBSP}${n.name}${NBSP}»`;
}

/** « 3 nouvelles lignes ». */
export function newRowsLabel(n: number): string {
  return `${formatInteger(n)}${NBSP}${n > 1 ? 'nouvelles lignes' : 'nouvelle ligne'}`;
}

/** The bell's name for screen readers: « Notifications, 2 non lues ». */
export function bellLabel(unread: number): string {
  if (unread === 0) return 'Notifications, aucune non lue';
  return `Notifications, ${formatInteger(unread)}${NBSP}non ${unread > 1 ? 'lues' : 'lue'}`;
}
