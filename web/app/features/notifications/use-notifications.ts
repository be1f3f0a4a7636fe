/**
 * The bell's state: the unread count, read again at each page change and when the tab comes
 * back into view (an alert run may have delivered meanwhile); the list, read when the bell opens
 * and page by page after; marking read updates both without reading again.
 */
import type { Notification, NotificationList } from '@immoloupe/shared/notifications/contracts';
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { errorText } from '~/lib/query-client';
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

export const NOTIFICATIONS_UNREAD = ['notifications', 'unread'] as const;
export const NOTIFICATIONS_LIST = ['notifications', 'list'] as const;
const FAILED = 'Les notifications n’ont pas pu être lues.';

type Pages = InfiniteData<NotificationList, number>;

export function useNotifications(enabled: boolean): NotificationsState {
  const client = useQueryClient();
  const { pathname } = useLocation();
  // The list is read only once the bell has been opened.
  const [opened, setOpened] = useState(false);
  const [changeError, setChangeError] = useState<string | null>(null);

  const count = useQuery({
    queryKey: NOTIFICATIONS_UNREAD,
    queryFn: ({ signal }) => readUnreadCount(signal),
    enabled,
    // The tab back into view (TanStack's focus is the page's visibility) may show new deliveries.
    refetchOnWindowFocus: true,
  });
  // A new page, a new look at the count; the first page's count is the query's own first read.
  const seenPath = useRef(pathname);
  useEffect(() => {
    if (seenPath.current === pathname) return;
    seenPath.current = pathname;
    void client.invalidateQueries({ queryKey: NOTIFICATIONS_UNREAD });
  }, [pathname, client]);

  const list = useInfiniteQuery({
    queryKey: NOTIFICATIONS_LIST,
    queryFn: async ({ pageParam, signal }) => {
      const page = await listNotifications(pageParam, signal);
      // The list says the count too: the bell shows the newest.
      client.setQueryData(NOTIFICATIONS_UNREAD, { unread: page.unread });
      return page;
    },
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.reduce((n, p) => n + p.items.length, 0) < last.total ? last.page + 1 : undefined),
    enabled: enabled && opened,
  });

  const setUnread = (unread: (u: number) => number) =>
    client.setQueryData<{ unread: number }>(NOTIFICATIONS_UNREAD, (c) => ({ unread: unread(c?.unread ?? 0) }));
  const setItems = (change: (n: Notification) => Notification) =>
    client.setQueryData<Pages>(NOTIFICATIONS_LIST, (d) => d && { ...d, pages: d.pages.map((p) => ({ ...p, items: p.items.map(change) })) });

  const markingOne = useMutation({
    mutationFn: (id: string) => markNotificationRead(id),
    onSuccess: (n) => {
      setItems((x) => (x.id === n.id ? n : x));
      setUnread((u) => Math.max(0, u - 1));
    },
    onError: (err) => setChangeError(errorText(err, FAILED)),
  });
  const markingAll = useMutation({
    mutationFn: () => markAllNotificationsRead(),
    onSuccess: () => {
      const now = new Date().toISOString();
      setItems((x) => (x.readAt ? x : { ...x, readAt: now }));
      setUnread(() => 0);
    },
    onError: (err) => setChangeError(errorText(err, FAILED)),
  });

  const pages = list.data?.pages ?? [];
  return {
    unread: count.data?.unread ?? 0,
    items: pages.flatMap((p) => p.items),
    total: pages.at(-1)?.total ?? 0,
    loading: list.isFetching,
    error: changeError ?? errorText(list.error, FAILED),
    load: () => {
      setChangeError(null);
      // The first page only, read again: the list shown stays until it arrives.
      client.setQueryData<Pages>(NOTIFICATIONS_LIST, (d) => d && { pages: d.pages.slice(0, 1), pageParams: d.pageParams.slice(0, 1) });
      void client.invalidateQueries({ queryKey: NOTIFICATIONS_LIST });
      setOpened(true);
    },
    more: () => {
      setChangeError(null);
      void list.fetchNextPage();
    },
    markRead: (target) => {
      if (!target.readAt) markingOne.mutate(target.id);
    },
    markAll: () => markingAll.mutate(),
  };
}
