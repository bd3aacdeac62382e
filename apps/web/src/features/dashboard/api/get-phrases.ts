import { useQuery } from '@tanstack/react-query';
import { getPhrases } from '@listening/contract';
import { opQuery } from '../../../api/op-query.ts';

export const phrasesQueryOptions = (projectId: number) => opQuery(getPhrases, { query: { projectId } });

/** The project's included and excluded word-cloud phrases. */
export const usePhrases = (projectId: number) => useQuery(phrasesQueryOptions(projectId));
