import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@listening/contract';
import { api } from '../../../api/client.ts';
import { notificationsQueryOptions } from './get-notifications.ts';

export const deleteNotification = (id: number) => api.delete<null>('notification/delete', { query: { id } });

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: (_data, id) =>
      queryClient.setQueryData(notificationsQueryOptions().queryKey, (list: Notification[] | undefined) => list?.filter((n) => n.Id !== id)),
  });
}
