import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteNotification as deleteNotificationOp, type Notification } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { notificationsQueryOptions } from './get-notifications.ts';

export const deleteNotification = (id: number) => call(deleteNotificationOp, { query: { id } });

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: (_data, id) =>
      queryClient.setQueryData(notificationsQueryOptions().queryKey, (list: Notification[] | undefined) => list?.filter((n) => n.Id !== id)),
  });
}
