import { Alert, Anchor, Container } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { MESSAGES } from '@listening/contract';
import { useState } from 'react';
import { useIsAdmin } from '../../../project/clip-tray/api/get-user.ts';
import { useAccessTokens } from '../api/get-access-tokens.ts';
import { hasInvalidTokens } from '../status.ts';
import { AccessTokenModal } from './AccessTokenModal.tsx';

/**
 * 'You have profiles with invalid access tokens. Click here to manage them.' above every screen of
 * a project that has one; the click opens Access Token Management. The project shell shows it
 * only once the project has loaded, so another client's project never asks for its profiles.
 */
export function InvalidTokensPrompt({ projectId }: { projectId: number }) {
  const profiles = useAccessTokens(projectId);
  const isAdmin = useIsAdmin();
  const [opened, setOpened] = useState(false);
  const show = hasInvalidTokens(profiles.data);
  if (!show && !opened) return null;
  return (
    <>
      {show && (
        <Container size={1480} px={{ base: 'md', md: 'xl' }} pt="md">
          <Alert variant="light" color="orange" icon={<IconKey size={18} />} p="sm" data-testid="invalid-tokens-prompt">
            <Anchor component="button" type="button" size="sm" c="orange.9" fw={500} ta="left" onClick={() => setOpened(true)}>
              {MESSAGES.invalidTokensPrompt}
            </Anchor>
          </Alert>
        </Container>
      )}
      <AccessTokenModal opened={opened} onClose={() => setOpened(false)} projectId={projectId} isAdmin={isAdmin} />
    </>
  );
}
