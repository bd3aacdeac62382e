// The linked accounts of a client or project, each with its token's status (click to grant or revoke), a check and a remove button.
import { ActionIcon, Alert, Box, Button, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconShieldCheck, IconTrash } from '@tabler/icons-react';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { StreamIcon, streamName } from '../../../ui/StreamIcon.tsx';
import { formatDate, useTimeZone } from '../../../ui/time.ts';
import { STATUS_COLOR, tokenStatus, type TokenState, type TokenStatus } from '../status.ts';

export interface ListedProfile extends TokenState {
  ProfileId: number;
  StreamId: number;
  Name: string;
  Handle?: string | null;
  GrantedAt?: string | null;
  ExpiresAt?: string | null;
  /** Why the last check rejected the token. */
  Error?: string | null;
}

/** The line under a profile's name: its network and handle, then when it was granted or why it is invalid. */
function detail(p: ListedProfile, status: TokenStatus, timeZone: string): string {
  const parts = [streamName(p.StreamId), p.Handle ? `@${p.Handle.replace(/^@/, '')}` : null];
  if (status === 'Granted' && p.GrantedAt) parts.push(`granted ${formatDate(p.GrantedAt, timeZone)}`);
  if (status === 'Granted' && p.ExpiresAt) parts.push(`expires ${formatDate(p.ExpiresAt, timeZone)}`);
  return parts.filter(Boolean).join(' · ');
}

/** What clicking a status does (docs/spec/000_a68d9a07050fe88c.txt section 4): Granted revokes, the others start a grant. */
const ACTION: Record<TokenStatus, string> = {
  Granted: 'revoke its access token',
  Invalid: 'grant access again',
  'Not Granted': 'grant access',
};

export interface ProfileListProps<P extends ListedProfile> {
  profiles: readonly P[] | undefined;
  loading: boolean;
  /** The profile whose token is being checked, so its button spins. */
  checking: number | null;
  onStatus: (profile: P, status: TokenStatus) => void;
  onCheck: (profile: P) => void;
  /** Absent when the profile cannot be removed from here. */
  onRemove?: (profile: P) => void;
  onAdd: () => void;
  /** What this server cannot link yet, one sentence each naming the settings (unlinkableLines). */
  unlinkable?: readonly string[];
}

/** Step 1: the project's profiles, each with its status; the status is the button that acts on it. */
export function ProfileList<P extends ListedProfile>({ profiles, loading, checking, onStatus, onCheck, onRemove, onAdd, unlinkable }: ProfileListProps<P>) {
  const timeZone = useTimeZone();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        The accounts this project reads as its own (owned content). Click a status to act on it.
      </Text>
      {loading ? (
        <Stack gap="xs">
          <Skeleton h={44} />
          <Skeleton h={44} />
        </Stack>
      ) : !profiles?.length ? (
        <EmptyState title="No profiles linked yet">
          Link a Facebook Page, an Instagram business account or a channel to follow its posts as owned content.
        </EmptyState>
      ) : (
        <Box component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Profiles">
          {profiles.map((p) => {
            const status = tokenStatus(p);
            return (
              <Group
                component="li"
                key={`${p.StreamId}-${p.ProfileId}`}
                justify="space-between"
                // On a phone the actions move under the name rather than cutting it short.
                wrap="wrap"
                gap="xs"
                py="xs"
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                data-testid="token-profile"
                data-name={p.Name}
                data-status={status}
              >
                <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 200px' }}>
                  {/* Kept at its size when a long error beside it takes the room. */}
                  <Box style={{ flex: 'none', display: 'flex' }}>
                    <StreamIcon streamId={p.StreamId} size={22} />
                  </Box>
                  <Box miw={0}>
                    <Text fw={500} size="sm" truncate>
                      {p.Name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {detail(p, status, timeZone)}
                    </Text>
                    {status === 'Invalid' && p.Error && (
                      <Text size="xs" c="red.8" lineClamp={2}>
                        {p.Error}
                      </Text>
                    )}
                  </Box>
                </Group>
                <Group gap={6} wrap="nowrap" ml="auto">
                  {p.HasToken && (
                    <Tooltip label="Check the token with the network" withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        onClick={() => onCheck(p)}
                        loading={checking === p.ProfileId}
                        aria-label={`Check the token of ${p.Name}`}
                      >
                        <IconShieldCheck size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {onRemove && (
                    <Tooltip label="Remove the profile" withArrow>
                      <ActionIcon variant="subtle" color="gray" onClick={() => onRemove(p)} aria-label={`Remove ${p.Name}`}>
                        <IconTrash size={17} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  <Tooltip label={`${status}: click to ${ACTION[status]}`} withArrow>
                    <Button
                      size="xs"
                      miw={104}
                      color={STATUS_COLOR[status]}
                      variant={status === 'Granted' ? 'light' : status === 'Invalid' ? 'filled' : 'default'}
                      onClick={() => onStatus(p, status)}
                      aria-label={`${status}: ${ACTION[status]} for ${p.Name}`}
                    >
                      {status}
                    </Button>
                  </Tooltip>
                </Group>
              </Group>
            );
          })}
        </Box>
      )}
      {!!unlinkable?.length && (
        <Alert color="yellow" variant="light" title="Not configured on this server" data-testid="unlinkable-networks">
          <Stack gap={4}>
            {unlinkable.map((line) => (
              <Text key={line} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {line}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <Group>
        <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
          Link a profile
        </Button>
      </Group>
    </Stack>
  );
}
