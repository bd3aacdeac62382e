import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markAllNotificationsSeen, markNotificationsSeen, type Notification } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { notificationsQueryOptions } from './get-notifications.ts';

export const markSeen = (ids: number[]) => call(markNotificationsSeen, { body: { ids } });

/** Marks notifications seen on the server; DateSeen is set to now locally. */
export function useMarkSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSeen,
    onMutate: (ids) => {
      const now = new Date().toISOString();
      queryClient.setQueryData(notificationsQueryOptions().queryKey, (list: Notification[] | undefined) =>
        list?.map((n) => (ids.includes(n.Id) && !n.DateSeen ? { ...n, DateSeen: now } : n)),
      );
    },
  });
}

/** 'Mark all read': every unseen notification of the user on the server; DateSeen is set to now locally. */
export function useMarkAllSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(markAllNotificationsSeen, {}),
    onMutate: () => {
      const now = new Date().toISOString();
      queryClient.setQueryData(notificationsQueryOptions().queryKey, (list: Notification[] | undefined) =>
        list?.map((n) => (n.DateSeen ? n : { ...n, DateSeen: now })),
      );
    },
    onError: () => queryClient.invalidateQueries({ queryKey: notificationsQueryOptions().queryKey }),
  });
}
