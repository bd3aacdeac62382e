// The mentor area's reads and progress (docs/mentor.md): tutorials by platform and by screen, one
// tutorial whole, and the signed-in contact's registrations, moved by step number and completed.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  completeTutorial,
  getActiveTutorials,
  getPageTutorials,
  getPlatforms,
  getTutorial,
  getTutorialContacts,
  getUser,
  insertRegistration,
  updateTutorialStep,
  type TutorialContact,
} from '@listening/contract';
import { call } from '../../../api/client.ts';
import { opKey, opQuery, useOp } from '../../../api/op-query.ts';

/** The signed-in contact, read through the session's own cache entry (keyed by the operation's path). */
export function useMe() {
  return useOp(getUser, { query: {} }, { staleTime: 5 * 60_000 }).data;
}

export const usePlatforms = () => useOp(getPlatforms, {}, { staleTime: 10 * 60_000 });

export const useActiveTutorials = (platformId: number | null) => useOp(getActiveTutorials, { query: platformId ? { platformId } : {} });

/** The tutorials for the screen at `pathName`: quiet, since the help entry simply stays hidden when this fails. */
export const usePageTutorials = (pathName: string, enabled: boolean) =>
  useOp(getPageTutorials, { query: { pathName } }, { call: { quiet: true }, enabled, staleTime: 5 * 60_000 });

export const tutorialQueryOptions = (tutorialId: number) => opQuery(getTutorial, { query: { tutorialId } });
export const useTutorial = (tutorialId: number) => useQuery(tutorialQueryOptions(tutorialId));

const registrationsKey = (contactId: number | undefined) => opKey(getTutorialContacts, { query: { contactId: contactId ?? 0 } });

/** The signed-in contact's registrations (progress), once the contact is known. */
export function useMyRegistrations() {
  const me = useMe();
  return useOp(getTutorialContacts, { query: { contactId: me?.Id ?? 0 } }, { enabled: !!me });
}

/** Writes the changed registration into the list, so the player moves without another read. */
function useRegistrationChange<V>(fn: (v: V) => Promise<TutorialContact>) {
  const queryClient = useQueryClient();
  const me = useMe();
  return useMutation({
    mutationFn: fn,
    onSuccess: (changed) => {
      queryClient.setQueryData<TutorialContact[]>(registrationsKey(me?.Id), (list) =>
        list?.some((r) => r.Id === changed.Id) ? list.map((r) => (r.Id === changed.Id ? changed : r)) : [...(list ?? []), changed],
      );
    },
  });
}

export function useRegister() {
  const me = useMe();
  return useRegistrationChange((tutorialId: number) => call(insertRegistration, { query: { tutorialId, contactId: me!.Id } }));
}

export const useMoveToStep = () =>
  useRegistrationChange(({ tutorialContactId, stepNumber }: { tutorialContactId: number; stepNumber: number }) =>
    call(updateTutorialStep, { query: { tutorialContactId, stepNumber } }),
  );

export const useComplete = () => useRegistrationChange((id: number) => call(completeTutorial, { query: { id } }));
