import { queryOptions, useQuery } from '@tanstack/react-query';
import { getNotifications } from '@listening/contract';
import { opQuery } from '../../../api/op-query.ts';

export const notificationsQueryOptions = () => queryOptions({ ...opQuery(getNotifications, {}), refetchInterval: 60_000 });

export const useNotifications = () => useQuery(notificationsQueryOptions());
