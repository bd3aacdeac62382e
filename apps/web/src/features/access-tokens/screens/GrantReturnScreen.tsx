// The return pages /profile, /brandInfluencer and /brandInfluencerprofile: the provider sends the
// user back here with a code and the signed state (or an error). The page hands both to the server
// once, says whether access was granted, and tells the window that started the grant.
import { Alert, Anchor, Code, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { MESSAGES } from '@listening/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { Brand } from '../../../ui/Brand.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { useCompleteGrant, type GrantReturnSearch } from '../api/complete-grant.ts';
import { announceGrant } from '../grant-channel.ts';

/**
 * The product's own tutorial on linking accounts: the 'Linking social accounts' page of the user
 * guide the tutorials ship (page 5). Tutorial files are public, so a client who opened an admin's
 * link without signing in can read it too.
 */
export const INSTAGRAM_BUSINESS_TUTORIAL = '/mentor/api/download/listening-user-guide.pdf#page=5';

/** The answer's headline: its icon in a tinted circle over its message. */
function Outcome({ color, icon, title }: { color: string; icon: ReactNode; title: string }) {
  return (
    <>
      <ThemeIcon size={48} radius="xl" color={color} variant="light">
        {icon}
      </ThemeIcon>
      <Title order={2} fz={20}>
        {title}
      </Title>
    </>
  );
}

export function GrantReturnScreen({ search }: { search: GrantReturnSearch }) {
  usePageTitle('Linking a social account');
  // The provider's answer is read once: the code and state are single-use, and they leave the
  // address bar (and the history) as soon as the page has them.
  const [answer] = useState(search);
  useEffect(() => {
    if (window.location.search) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  const result = useCompleteGrant(answer);

  useEffect(() => {
    // The answer does not name the project, so every open Access Token Management refreshes.
    if (result.data) announceGrant({ projectId: null });
  }, [result.data]);

  return (
    <Paper withBorder shadow="md" radius="lg" p={{ base: 24, sm: 36 }} w="100%" maw={520}>
      <Stack gap="lg">
        <Brand size="md" />
        {result.isPending ? (
          <Stack align="center" gap="sm" py="md" data-testid="grant-pending">
            <Loader />
            <Text size="sm" c="dimmed">
              Completing the link with the network…
            </Text>
          </Stack>
        ) : result.data ? (
          <Stack gap="md" data-testid="grant-granted">
            <Outcome color="teal" icon={<IconCircleCheck size={30} />} title={MESSAGES.tokenGranted} />
            {result.data.Profiles.length > 0 && (
              <div>
                <Text size="sm" c="dimmed">
                  Linked:
                </Text>
                <Text size="sm" fw={500}>
                  {result.data.Profiles.map((p) => p.Name).join(', ')}
                </Text>
              </div>
            )}
          </Stack>
        ) : (
          <Stack gap="md" data-testid="grant-failed">
            <Outcome color="red" icon={<IconAlertTriangle size={28} />} title={MESSAGES.tokenGrantFailed} />
            {result.failure?.noInstagramBusiness ? (
              <Alert color="yellow" variant="light">
                <Text size="sm">{MESSAGES.noInstagramBusiness}</Text>
                <Anchor href={INSTAGRAM_BUSINESS_TUTORIAL} target="_blank" rel="noopener noreferrer" size="sm" mt="xs" display="inline-block">
                  Tutorial: linking an Instagram business account through its Facebook Page
                </Anchor>
              </Alert>
            ) : (
              <Code block style={{ whiteSpace: 'pre-wrap' }} data-testid="grant-error">
                {result.failure?.message}
              </Code>
            )}
            <Text size="sm" c="dimmed">
              You can close this window and start again from Access Token Management.
            </Text>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
