// The frame of every screen inside a project: the header with the project's name and
// type and the Filter menu, the side menu in the shell's drawer, and the context the screens read.
// Its state (the filter resolved from the address, the menu's actions) is use-project-shell.ts's.
import { Alert, Anchor, Badge, Box, Button, Container, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCalendar, IconInfoCircle, IconMenu2 } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { EmptyState } from '../ui/EmptyState.tsx';
import { useSideNavMenu } from '../ui/side-nav.tsx';
import { StreamIcon, streamName } from '../ui/StreamIcon.tsx';
import { binRuleOf } from './bin-scope.ts';
import { BinScopeLabel } from './components/BinScopeLabel.tsx';
import { FilterMenu } from './components/FilterMenu.tsx';
import { ProductDialog } from './components/ProductDialog.tsx';
import { ProjectSideMenu } from './components/ProjectSideMenu.tsx';
import { ProjectContext } from './context.ts';
import { screenOfferedStreams, type ProjectFilter, type RefusedPart } from './filter.ts';
import { activeMenuKey } from './menu.ts';
import { PageTitleScope } from '../ui/page-title.ts';
import { useProjectShell, type ProjectShellProps, type ProjectShellState } from './use-project-shell.ts';

export function ProjectShell({ children, ...props }: ProjectShellProps) {
  const { clientId, projectId, platform } = props;
  const shell = useProjectShell(props);
  const { data, context, pathname, refusedProject, titleScope, filter, menu, dialogs } = shell;
  const { items, onItem, onLocked, onProjects } = menu;
  const sideMenu = useMemo(
    () =>
      data ? (
        <ProjectSideMenu
          projectType={data.ProjectType}
          projectName={data.Description}
          items={items}
          activeKey={activeMenuKey(pathname)}
          onProjects={onProjects}
          onItem={onItem}
          onLocked={onLocked}
        />
      ) : null,
    [data, items, pathname, onProjects, onItem, onLocked],
  );
  useSideNavMenu(sideMenu);
  // A project is opened under its own client's address only: another client's is not found.
  if (refusedProject)
    return (
      <Container size="sm" py="xl">
        <EmptyState title="This project could not be opened">
          It may have been deleted, or you may not have access to it.{' '}
          <Anchor onClick={onProjects} component="button">
            Back to the projects
          </Anchor>
        </EmptyState>
      </Container>
    );

  const { Dialog, dialog, setDialog } = dialogs;
  return (
    <>
      <ShellHeader shell={shell} platform={platform} />
      {context && filter.refused.length > 0 && (
        <Container size={1480} px={{ base: 'md', md: 'xl' }} pt="md">
          <Alert
            variant="light"
            color="yellow"
            icon={<IconInfoCircle size={18} />}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => filter.setRefused([])}
            data-testid="filter-notice"
            title="Part of the address could not be used"
          >
            {refusedMessage(filter.refused, context.filter)}
          </Alert>
        </Container>
      )}
      {context ? (
        <ProjectContext.Provider value={context}>
          <PageTitleScope.Provider value={titleScope}>{children}</PageTitleScope.Provider>
          {dialog && Dialog && <Dialog kind={dialog} clientId={clientId} projectId={projectId} onClose={() => setDialog(null)} />}
        </ProjectContext.Provider>
      ) : (
        <Container size="xl" py="lg">
          <Skeleton h={120} mb="md" />
          <Skeleton h={320} />
        </Container>
      )}
      <ProductDialog product={dialogs.product} onClose={() => dialogs.setProduct(null)} />
    </>
  );
}

/** The project's header: back to the projects, its name and type, what the filter shows, the Menu and Filter buttons. */
function ShellHeader({ shell, platform }: { shell: ProjectShellState; platform: ProjectShellProps['platform'] }) {
  const { data, rules, context, pathname, filter, menu } = shell;
  const { bin, setFilter } = filter;
  return (
    <Paper
      component="header"
      radius={0}
      px={{ base: 'md', md: 'xl' }}
      py="md"
      // Sticky on wide screens; on a phone it would take a third of the screen, so it scrolls away.
      pos={{ base: 'static', md: 'sticky' }}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', top: 60, zIndex: 50 }}
    >
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Box miw={0}>
          <Anchor component="button" type="button" size="xs" c="dimmed" onClick={menu.onProjects}>
            <Group gap={4}>
              <IconArrowLeft size={13} /> Projects
            </Group>
          </Anchor>
          {data ? (
            <Group gap="sm" wrap="wrap" align="center">
              <Title order={2} fz={{ base: 20, md: 24 }} lh={1.2}>
                {data.Description}
              </Title>
              <Badge variant="light" radius="sm">
                {data.ProjectType}
              </Badge>
              {platform && (
                <Badge variant="outline" color="dark" radius="sm" leftSection={<StreamIcon streamId={platform} size={12} />}>
                  {streamName(platform)} view
                </Badge>
              )}
            </Group>
          ) : (
            <Skeleton h={28} w={320} mt={4} />
          )}
          {context && rules.fixed && rules.fixed.covers && (
            <Group gap={6} mt={6} c="dimmed" wrap="nowrap" align="flex-start">
              <IconInfoCircle size={14} style={{ flexShrink: 0, marginTop: 3 }} />
              <Text size="sm" data-testid="screen-covers">
                {rules.fixed.covers(context.filter)}; the Filter does not apply here.
              </Text>
            </Group>
          )}
          {context && !rules.fixed && (
            <Group gap="md" mt={6} c="dimmed">
              <Group gap={6}>
                <IconCalendar size={14} />
                <Text size="sm" data-testid="filter-range">
                  {dayjs(context.filter.datefrom).format('D MMM YYYY')} – {dayjs(context.filter.dateto).format('D MMM YYYY')}
                </Text>
              </Group>
              <Group gap={6} data-testid="filter-streams" aria-label={`Streams: ${context.filter.streams.map(streamName).join(', ')}`}>
                {context.filter.streams.map((s) => (
                  <StreamIcon key={s} streamId={s} size={15} />
                ))}
              </Group>
            </Group>
          )}
          {context && bin && <BinScopeLabel bin={bin} rule={binRuleOf(pathname)} onClear={() => setFilter({ bin: undefined })} />}
        </Box>
        <Group gap="sm">
          <Button variant="default" leftSection={<IconMenu2 size={16} />} onClick={menu.sideNav.toggle} aria-label="Project menu">
            Menu
          </Button>
          {context && data && !rules.fixed && (
            <FilterMenu
              filter={context.filter}
              timeZone={data.TimeZone}
              offered={screenOfferedStreams(data, rules)}
              streamsFixed={!!platform}
              onApply={(next) => setFilter(platform ? { datefrom: next.datefrom, dateto: next.dateto } : next)}
            />
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/** The notice for refused parts of the address, saying what is shown instead. */
function refusedMessage(parts: readonly RefusedPart[], filter: ProjectFilter): string {
  const out: string[] = [];
  if (parts.includes('dates'))
    out.push(
      `The dates were not a valid range, so the screen shows ${dayjs(filter.datefrom).format('D MMM YYYY')} – ${dayjs(filter.dateto).format('D MMM YYYY')}.`,
    );
  if (parts.includes('streams'))
    out.push(`The streams asked for are not offered by this project together, so it shows ${filter.streams.map(streamName).join(', ')}.`);
  if (parts.includes('bin')) out.push('The bin asked for is not one of this project’s, so the screen shows the whole project.');
  return out.join(' ');
}
