import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOutbox } from '@listening/contract';
import { call } from '../../../api/client.ts';

export const outboxQueryOptions = () => queryOptions({ queryKey: [getOutbox.path], queryFn: () => call(getOutbox, {}) });

/** Mail kept in the outbox when no SMTP server is configured. */
export const useOutbox = (enabled: boolean) => useQuery({ ...outboxQueryOptions(), enabled });
