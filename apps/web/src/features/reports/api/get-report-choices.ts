// What Report Options picks from besides the options call: the client's contacts (recipients)
// and the project's sort and input bins.
import { useQuery } from '@tanstack/react-query';
import { getContacts, listClientSubfolders } from '@listening/contract';
import { opQuery } from '../../../api/op-query.ts';

/** Active contacts of the client; a report's RecipientIds are their ClientContactId. */
export const useReportRecipients = (clientId: number) =>
  useQuery({
    ...opQuery(getContacts, { query: { clientId } }, { staleTime: 60_000 }),
    select: (contacts) => contacts.filter((c) => !c.IsDeleted && c.IsClientContactActive),
  });

/** The project's sub-bins, parents before children. */
export const useReportBins = (clientId: number, projectId: number) =>
  useQuery({
    ...opQuery(listClientSubfolders, { query: { clientId } }, { staleTime: 60_000, call: { quiet: true } }),
    select: (bins) => bins.filter((b) => b.ForeignId === projectId && !b.IsDeleted),
  });
