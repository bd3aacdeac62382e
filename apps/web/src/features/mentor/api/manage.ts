// Admins' management of tutorials: every tutorial (drafts too), saving one whole, deleting one,
// and the files tutorials point at, uploaded as multipart/form-data.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MENTOR_VIDEO_MAX_BYTES,
  MentorFile,
  deleteTutorial,
  getActiveTutorials,
  getAllTutorials,
  getMentorFiles,
  getPageTutorials,
  getTutorial,
  saveTutorial,
  uploadMentorFile,
  type SaveTutorialBody,
} from '@listening/contract';
import { ApiError, call, getToken, operationUrl } from '../../../api/client.ts';
import { invalidateOp, useOp } from '../../../api/op-query.ts';

export const useAllTutorials = (enabled: boolean) => useOp(getAllTutorials, {}, { enabled });
export const useMentorFiles = (enabled: boolean) => useOp(getMentorFiles, {}, { enabled });

/** Every read a tutorial change may alter: the lists, the help entry's answers and the tutorial itself. */
function useInvalidateTutorials() {
  const queryClient = useQueryClient();
  return () => invalidateOp(queryClient, getAllTutorials, getActiveTutorials, getPageTutorials, getTutorial);
}

export function useSaveTutorial() {
  const invalidate = useInvalidateTutorials();
  return useMutation({ mutationFn: (body: SaveTutorialBody) => call(saveTutorial, { body }), onSuccess: invalidate });
}

export function useDeleteTutorial() {
  const invalidate = useInvalidateTutorials();
  return useMutation({ mutationFn: (tutorialId: number) => call(deleteTutorial, { query: { tutorialId } }), onSuccess: invalidate });
}

/** The API client sends JSON, so the upload builds its own multipart request with the same token. */
async function upload(file: File): Promise<MentorFile> {
  if (file.size > MENTOR_VIDEO_MAX_BYTES)
    throw new ApiError(400, 'Bad Request', { message: `The file is larger than ${MENTOR_VIDEO_MAX_BYTES / 1024 / 1024} MB: choose a smaller one` });
  const form = new FormData();
  form.append('file', file);
  const token = getToken();
  const res = await fetch(operationUrl(uploadMentorFile), { method: 'POST', headers: token ? { Authorization: `Bearer ${token}` } : {}, body: form });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, res.statusText, body);
  return MentorFile.parse(body);
}

export function useUploadMentorFile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: upload, onSuccess: () => invalidateOp(queryClient, getMentorFiles) });
}
