// What Report Options picks from besides the options call: the client's contacts (recipients)
// and the project's sort and input bins.
import { useQuery } from '@tanstack/react-query';
import { getContacts, listClientSubfolders } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { REPORTS_KEY } from './keys.ts';

/** Active contacts of the client; a report's RecipientIds are their ClientContactId. */
export const useReportRecipients = (clientId: number) =>
  useQuery({
    queryKey: [REPORTS_KEY, 'recipients', clientId],
    queryFn: () => call(getContacts, { query: { clientId } }),
    select: (contacts) => contacts.filter((c) => !c.IsDeleted && c.IsClientContactActive),
    staleTime: 60_000,
  });

/** The project's sub-bins, parents before children. */
export const useReportBins = (clientId: number, projectId: number) =>
  useQuery({
    queryKey: [REPORTS_KEY, 'bins', clientId],
    queryFn: () => call(listClientSubfolders, { query: { clientId } }, { quiet: true }),
    select: (bins) => bins.filter((b) => b.ForeignId === projectId && !b.IsDeleted),
    staleTime: 60_000,
  });
