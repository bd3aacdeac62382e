// The board's background: read with the session's token (an <img> cannot send it) and shown from
// a local object URL; set by uploading one image file as multipart/form-data.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BOARD_BACKGROUND_MAX_BYTES, getBoard, getBoardBackground, uploadBoardBackground } from '@listening/contract';
import { useEffect, useMemo } from 'react';
import { ApiError, download, getToken, operationUrl } from '../../../api/client.ts';
import { opKey, useOp } from '../../../api/op-query.ts';

const boardInput = (workflowId: number) => ({ params: { id: workflowId } });

export const useBoard = (workflowId: number, enabled: boolean) => useOp(getBoard, boardInput(workflowId), { enabled });

/** An object URL of the board's background (null while none), revoked when it changes. */
export function useBoardBackgroundUrl(workflowId: number, version: string | null | undefined): string | null {
  const image = useQuery({
    // The image's bytes, one entry per version of it.
    queryKey: opKey(getBoardBackground, boardInput(workflowId), version ?? ''),
    queryFn: () => download(getBoardBackground, boardInput(workflowId), { quiet: true }),
    enabled: !!version,
    staleTime: Infinity,
  });
  const url = useMemo(() => (image.data ? URL.createObjectURL(image.data) : null), [image.data]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return version ? url : null;
}

/** The one upload of the app: the API client sends JSON, so this call builds its own multipart request with the same token. */
async function upload(workflowId: number, file: File): Promise<unknown> {
  if (file.size > BOARD_BACKGROUND_MAX_BYTES) throw new ApiError(400, 'Bad Request', { message: 'The image is larger than 2 MB: choose a smaller one' });
  const form = new FormData();
  form.append('file', file);
  const token = getToken();
  const res = await fetch(operationUrl(uploadBoardBackground, { params: { id: workflowId } }), {
    method: 'PUT',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, res.statusText, body);
  return body;
}

export function useUploadBackground(workflowId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => upload(workflowId, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: opKey(getBoard, boardInput(workflowId)) }),
  });
}
