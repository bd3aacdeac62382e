import { useQuery } from '@tanstack/react-query';
import { getTutorial } from '@listening/contract';
import { call } from '../../../api/client.ts';

/** The mentor detail a type-4 notification shows: the tutorial it is about (same cache entry as the mentor area's). */
export const useMentorDetail = (tutorialId: number | null) =>
  useQuery({
    queryKey: [getTutorial.path, tutorialId],
    queryFn: () => call(getTutorial, { query: { tutorialId: tutorialId! } }),
    enabled: tutorialId !== null,
  });
