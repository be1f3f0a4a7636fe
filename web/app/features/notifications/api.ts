/** Calls of the notifications API (`/api/notifications`), read by the bell of the pro header. */
import { markedSchema, notificationListSchema, notificationSchema, unreadCountSchema } from '@immoloupe/shared/notifications/contracts';
import { apiFetch } from '~/lib/api';

export const readUnreadCount = (signal?: AbortSignal) => apiFetch('/api/notifications/unread', unreadCountSchema, { signal });
export const listNotifications = (page: number, signal?: AbortSignal) =>
  apiFetch(`/api/notifications?page=${page}`, notificationListSchema, { signal });
export const markNotificationRead = (id: string) =>
  apiFetch(`/api/notifications/${encodeURIComponent(id)}/read`, notificationSchema, { method: 'POST' });
export const markAllNotificationsRead = () => apiFetch('/api/notifications/read-all', markedSchema, { method: 'POST' });
