import { queryOptions, useQuery } from '@tanstack/react-query';
import { OutboxList } from '@listening/contract';
import { api } from '../../../api/client.ts';

export const outboxQueryOptions = () => queryOptions({ queryKey: ['admin', 'outbox'], queryFn: () => api.get('admin/outbox', { schema: OutboxList }) });

/** Mail kept in the outbox when no SMTP server is configured (issue 2, item 4). */
export const useOutbox = (enabled: boolean) => useQuery({ ...outboxQueryOptions(), enabled });
