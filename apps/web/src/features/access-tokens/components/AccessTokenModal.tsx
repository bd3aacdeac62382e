// The Access Token Management modal (docs/spec/000_a68d9a07050fe88c.txt section 2): 1 list of profiles, 2 pick platform, 3 link.
// It resets to step 1 about 200 ms after it closes, once its closing transition is over.
import { Anchor, Group, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { MESSAGES } from '@listening/contract';
import { useEffect, useReducer, useState } from 'react';
import { Modal } from '../../../ui/Modal.tsx';
import { streamName } from '../../../ui/StreamIcon.tsx';
import { useAccessTokens, useGrantRefresh, type AccessTokenProfile } from '../api/get-access-tokens.ts';
import { makeClientLink } from '../api/client-link.ts';
import { useCheckToken } from '../api/check-token.ts';
import { useRemoveProfile } from '../api/remove-profile.ts';
import { useRevokeToken } from '../api/revoke-token.ts';
import { useGrantUrl } from '../api/start-grant.ts';
import { useLinkableNetworks } from '../api/get-linkable-networks.ts';
import { FIRST_STEP, RESET_DELAY_MS, stepReducer, unlinkableLines, type TokenStatus } from '../status.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { LinkStep } from './LinkStep.tsx';
import { PlatformPicker } from './PlatformPicker.tsx';
import { ProfileList } from './ProfileList.tsx';

export interface AccessTokenModalProps {
  opened: boolean;
  onClose: () => void;
  projectId: number;
  /** Admins may copy a link for the client instead of granting themselves. */
  isAdmin: boolean;
}

/** The specification's confirmation before an item is deleted (docs/spec/002_6c80e0f7cd09047f.txt section 8). */
const CONFIRM_REMOVE = 'Are you sure you wish to delete this item?';

const STEP_LABELS = ['Profiles', 'Platform', 'Link'] as const;

type Confirm = { kind: 'revoke' | 'remove'; profile: AccessTokenProfile } | null;

export function AccessTokenModal({ opened, onClose, projectId, isAdmin }: AccessTokenModalProps) {
  const [state, dispatch] = useReducer(stepReducer, FIRST_STEP);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const narrow = useMediaQuery('(max-width: 36em)');

  useEffect(() => {
    if (opened) return;
    const timer = setTimeout(() => dispatch({ type: 'reset' }), RESET_DELAY_MS);
    return () => clearTimeout(timer);
  }, [opened]);

  const profiles = useAccessTokens(projectId, { enabled: opened, live: opened });
  const networks = useLinkableNetworks(projectId, opened);
  // A grant finished in the provider's window: the list is refreshed and shown.
  useGrantRefresh(projectId, () => dispatch({ type: 'reset' }));

  const linking = state.step === 3 ? state : null;
  const grant = useGrantUrl(linking ? { projectId, streamId: linking.streamId, profileId: linking.profile?.ProfileId ?? null } : null);
  const revoke = useRevokeToken();
  const remove = useRemoveProfile(projectId);
  const check = useCheckToken();

  const onStatus = (profile: AccessTokenProfile, status: TokenStatus) => {
    if (status === 'Granted') setConfirm({ kind: 'revoke', profile });
    else dispatch({ type: 'regrant', streamId: profile.StreamId, profile: { ProfileId: profile.ProfileId, Name: profile.Name } });
  };

  const onConfirm = () => {
    if (!confirm) return;
    const { profile } = confirm;
    const done = { onSettled: () => setConfirm(null) };
    if (confirm.kind === 'revoke') revoke.mutate(profile, done);
    else remove.mutate(profile, done);
  };

  const title = (
    <Text fw={700} size="lg">
      Access Token Management
    </Text>
  );

  return (
    <>
      <Modal opened={opened} onClose={onClose} title={title} size="lg" radius="md" centered>
        <Stepper
          active={state.step - 1}
          size="xs"
          mb="lg"
          wrap={false}
          allowNextStepsSelect={false}
          onStepClick={(i) => i < state.step - 1 && dispatch({ type: i === 0 ? 'reset' : 'add' })}
        >
          {STEP_LABELS.map((label, i) => (
            // On a phone only the current step is named, so the three fit on one line.
            <Stepper.Step key={label} label={!narrow || i === state.step - 1 ? (i === 2 && linking ? streamName(linking.streamId) : label) : undefined} />
          ))}
        </Stepper>
        {state.step > 1 && (
          <Anchor component="button" type="button" size="sm" mb="sm" onClick={() => dispatch({ type: 'back' })}>
            <Group gap={4}>
              <IconArrowLeft size={14} /> Back
            </Group>
          </Anchor>
        )}
        {state.step === 1 && (
          <ProfileList
            profiles={profiles.data}
            loading={profiles.isPending}
            checking={check.isPending ? (check.variables?.ProfileId ?? null) : null}
            onStatus={onStatus}
            onCheck={(p) => check.mutate(p)}
            onRemove={(profile) => setConfirm({ kind: 'remove', profile })}
            onAdd={() => dispatch({ type: 'add' })}
            unlinkable={networks.data ? unlinkableLines(networks.data) : undefined}
          />
        )}
        {state.step === 2 && <PlatformPicker networks={networks.data} onPick={(streamId) => dispatch({ type: 'pick', streamId })} />}
        {linking && (
          <LinkStep
            streamId={linking.streamId}
            profileName={linking.profile?.Name ?? null}
            url={grant.data}
            loading={grant.isPending}
            error={grant.error ? grant.error.message : null}
            onClientLink={isAdmin ? () => makeClientLink({ projectId, streamId: linking.streamId, profileId: linking.profile?.ProfileId ?? null }) : undefined}
          />
        )}
      </Modal>
      <ConfirmDialog
        message={confirm ? (confirm.kind === 'revoke' ? MESSAGES.confirmRevokeToken : CONFIRM_REMOVE) : null}
        detail={confirm?.profile.Name}
        busy={revoke.isPending || remove.isPending}
        onConfirm={onConfirm}
        onCancel={() => setConfirm(null)}
      />
    </>
  );
}
