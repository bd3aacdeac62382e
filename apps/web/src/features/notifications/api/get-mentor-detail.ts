import { getTutorial } from '@listening/contract';
import { useOp } from '../../../api/op-query.ts';

/** The mentor detail a type-4 notification shows: the tutorial it is about (same cache entry as the mentor area's). */
export const useMentorDetail = (tutorialId: number | null) => useOp(getTutorial, { query: { tutorialId: tutorialId ?? 0 } }, { enabled: tutorialId !== null });
