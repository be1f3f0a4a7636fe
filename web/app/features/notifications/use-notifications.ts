/**
 * The bell's state: the unread count, read again at each page change and when the tab comes
 * back into view (an alert run may have delivered meanwhile); the list, read when the bell opens
 * and page by page after; marking read updates both without reading again.
 */
import type { Notification } from '@immoloupe/shared/notifications/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ApiError } from '~/lib/api';
import { listNotifications, markAllNotificationsRead, markNotificationRead, readUnreadCount } from './api';

export interface NotificationsState {
  unread: number;
  items: Notification[];
  total: number;
  loading: boolean;
  error: string | null;
  /** Reads the first page again (the bell opened). */
  load: () => void;
  /** Reads the next page and adds it below. */
  more: () => void;
  /** Marks a notification read (nothing to do when it already is). */
  markRead: (n: Notification) => void;
  markAll: () => void;
}

const message = (err: unknown) => (err instanceof ApiError ? err.message : 'Les notifications n’ont pas pu être lues.');

export function useNotifications(enabled: boolean): NotificationsState {
  const location = useLocation();
  const [unread, setUnread] = useState(0);
  const [items, setItems] = useState<Notification[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Only the newest list request is shown (a slow first page must not replace a later one).
  const request = useRef(0);

  const refreshCount = useCallback(() => {
    if (!enabled) return;
    readUnreadCount().then(
      (r) => setUnread(r.unread),
      () => undefined,
    );
  }, [enabled]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger (a new page, a new look at the count).
  useEffect(refreshCount, [refreshCount, location.pathname]);
  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && refreshCount();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refreshCount]);

  const fetchPage = useCallback((n: number) => {
    const id = ++request.current;
    setLoading(true);
    setError(null);
    listNotifications(n).then(
      (list) => {
        if (id !== request.current) return;
        setItems((prev) => (n === 1 ? list.items : [...prev, ...list.items]));
        setTotal(list.total);
        setUnread(list.unread);
        setPage(n);
        setLoading(false);
      },
      (err) => {
        if (id !== request.current) return;
        setError(message(err));
        setLoading(false);
      },
    );
  }, []);

  const markRead = useCallback((target: Notification) => {
    if (target.readAt) return;
    markNotificationRead(target.id).then(
      (n) => {
        setItems((prev) => prev.map((x) => (x.id === n.id ? n : x)));
        setUnread((u) => Math.max(0, u - 1));
      },
      (err) => setError(message(err)),
    );
  }, []);

  const markAll = useCallback(() => {
    markAllNotificationsRead().then(
      () => {
        const now = new Date().toISOString();
        setItems((prev) => prev.map((x) => (x.readAt ? x : { ...x, readAt: now })));
        setUnread(0);
      },
      (err) => setError(message(err)),
    );
  }, []);

  return {
    unread,
    items,
    total,
    loading,
    error,
    load: () => fetchPage(1),
    more: () => fetchPage(page + 1),
    markRead,
    markAll,
  };
}
