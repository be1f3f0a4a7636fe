/** Calls of the notifications API (`/api/notifications`), read by the bell of the pro header. */
import { markedSchema, notificationListSchema, notificationSchema, unreadCountSchema } from '@immoloupe/shared/notifications/contracts';
import { apiFetch } from '~/lib/api';

export const readUnreadCount = () => apiFetch('/api/notifications/unread', unreadCountSchema);
export const listNotifications = (page: number) => apiFetch(`/api/notifications?page=${page}`, notificationListSchema);
export const markNotificationRead = (id: string) =>
  apiFetch(`/api/notifications/${encodeURIComponent(id)}/read`, notificationSchema, { method: 'POST' });
export const markAllNotificationsRead = () => apiFetch('/api/notifications/read-all', markedSchema, { method: 'POST' });
