import { queryOptions, useQuery } from '@tanstack/react-query';
import { getNotifications } from '@listening/contract';
import { call } from '../../../api/client.ts';

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: [getNotifications.path],
    queryFn: () => call(getNotifications, {}),
    refetchInterval: 60_000,
  });

export const useNotifications = () => useQuery(notificationsQueryOptions());
