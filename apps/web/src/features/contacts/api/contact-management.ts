import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addContact, cancelInvitation, getContactManagement, getUser, removeContact, setContactActive, type ContactFields } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { opQuery, useOp } from '../../../api/op-query.ts';

export const contactManagementQueryOptions = (clientId: number) => opQuery(getContactManagement, { query: { clientId } });

/** The screen's data: the client, its contacts, and whether the user may change them. */
export const useContactManagement = (clientId: number) => useQuery(contactManagementQueryOptions(clientId));

function useChange<V, R>(clientId: number, fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: contactManagementQueryOptions(clientId).queryKey }) });
}

export const useSetContactActive = (clientId: number) =>
  useChange(clientId, ({ contactId, isActive }: { contactId: number; isActive: boolean }) =>
    call(setContactActive, { query: { clientId, contactId, isActive: isActive ? 'true' : 'false' } }),
  );

export const useRemoveContact = (clientId: number) => useChange(clientId, (contactId: number) => call(removeContact, { query: { clientId, contactId } }));

/** Withdraws an invitation not yet answered. */
export const useCancelInvitation = (clientId: number) =>
  useChange(clientId, (invitationId: number) => call(cancelInvitation, { query: { clientId, invitationId } }));

/** Invites a contact; the screen shows the server's own refusal (a contact the client has) under the form. */
export const useAddContact = (clientId: number) => useChange(clientId, (f: ContactFields) => call(addContact, { query: { clientId, ...f } }, { quiet: true }));

/** The signed-in user's id, read through the session's own cache entry: their own row's switch cannot turn them off. */
export function useMyUserId(): number | undefined {
  return useOp(getUser, { query: {} }, { staleTime: 5 * 60_000 }).data?.Id;
}
