import { queryOptions, useQuery } from '@tanstack/react-query';
import { NotificationList } from '@listening/contract';
import { api } from '../../../api/client.ts';

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications'],
    queryFn: () => api.get('notification/get/contact', { schema: NotificationList }),
    refetchInterval: 60_000,
  });

export const useNotifications = () => useQuery(notificationsQueryOptions());
