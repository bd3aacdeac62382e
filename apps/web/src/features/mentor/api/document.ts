// Whether a tutorial's document is there before the viewer frames it (HEAD: nothing downloaded).
import { useQuery } from '@tanstack/react-query';
import { downloadMentorFile } from '@listening/contract';
import { fileStatus } from '../../../api/client.ts';
import { opKey } from '../../../api/op-query.ts';

/** The status the server answers for the document `fileName` (200 there, 404 not), or nothing for no name. */
export const useDocumentStatus = (fileName: string | null) =>
  useQuery({
    queryKey: opKey(downloadMentorFile, { params: { fileName: fileName ?? '' } }, 'status'),
    queryFn: () => fileStatus(downloadMentorFile, { params: { fileName: fileName! } }),
    enabled: fileName !== null,
  });
