import { ActionIcon, Button, Menu, Tooltip } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import type { Tutorial } from '@listening/contract';
import { usePageTutorials } from '../api/tutorials.ts';

const LABEL = 'Help for this screen';

/**
 * The header's "Help for this screen": shown only where an active tutorial's page location covers
 * the current path. One tutorial opens directly; several open a menu to choose from.
 */
export function HelpForThisScreen() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // The tutorial screens themselves need no help entry.
  const { data } = usePageTutorials(pathname, !pathname.startsWith('/mentor'));
  const navigate = useNavigate();
  if (!data?.length || pathname.startsWith('/mentor')) return null;
  const open = (t: Tutorial) => void navigate({ to: '/mentor/tutorial/$tutorialId', params: { tutorialId: String(t.Id) } });
  const trigger = (onClick?: () => void) => (
    <>
      <Button variant="light" size="xs" radius="xl" leftSection={<IconHelpCircle size={16} />} visibleFrom="sm" onClick={onClick}>
        {LABEL}
      </Button>
      <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" hiddenFrom="sm" aria-label={LABEL} onClick={onClick}>
        <IconHelpCircle size={22} />
      </ActionIcon>
    </>
  );
  if (data.length === 1)
    return (
      <Tooltip label={`Tutorial: ${data[0].Title}`} withArrow>
        <div>{trigger(() => open(data[0]))}</div>
      </Tooltip>
    );
  return (
    <Menu position="bottom-end" withArrow>
      <Menu.Target>
        <div>{trigger()}</div>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Tutorials for this screen</Menu.Label>
        {data.map((t) => (
          <Menu.Item key={t.Id} onClick={() => open(t)}>
            {t.Title}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
