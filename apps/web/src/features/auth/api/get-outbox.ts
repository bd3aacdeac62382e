import { useQuery } from '@tanstack/react-query';
import { getOutbox } from '@listening/contract';
import { opQuery } from '../../../api/op-query.ts';

export const outboxQueryOptions = () => opQuery(getOutbox, {});

/** Mail kept in the outbox when no SMTP server is configured. */
export const useOutbox = (enabled: boolean) => useQuery({ ...outboxQueryOptions(), enabled });
