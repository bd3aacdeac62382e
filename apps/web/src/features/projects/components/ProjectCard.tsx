import { ActionIcon, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCalendarEvent, IconSettings } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { defaultStreams, type Project } from '@listening/contract';
import { last30Days } from '../../../ui/date-presets.ts';
import { formatDate, wallNow } from '../../../ui/time.ts';
import { StreamIcon, parseStreamList } from '../../../ui/StreamIcon.tsx';

/** A project's start or stop day on the client's calendar, or 'not set'. */
export const formatProjectDate = (date: string | null, timeZone: string): string => (date ? formatDate(date, timeZone) : 'not set');

/** One project: description, id, a stream icon per stream, start and stop date; admins get a cog. */
export function ProjectCard({ project, onSettings }: { project: Project; onSettings?: (project: Project) => void }) {
  const [datefrom, dateto] = last30Days(wallNow(project.TimeZone));
  const streams = parseStreamList(project.StreamId);
  return (
    <Card withBorder radius="md" padding={0} className="hover-card" pos="relative">
      <Link
        to="/client/$clientId/project/$projectId"
        params={{ clientId: String(project.ClientId), projectId: String(project.Id) }}
        search={{ datefrom, dateto, streams: defaultStreams(project.ProjectTypeId, project.ProjectSubTypeId).join(',') }}
        aria-label={`Open project ${project.Description}`}
        style={{ display: 'block', color: 'inherit', textDecoration: 'none', padding: 'var(--mantine-spacing-lg)' }}
      >
        <Stack gap="sm">
          <div style={{ paddingRight: onSettings ? 28 : 0 }}>
            <Text fw={600} lineClamp={2}>
              {project.Description}
            </Text>
            <Text size="xs" c="dimmed">
              ID {project.Id}
            </Text>
          </div>
          <Group gap={8} aria-label="Streams">
            {streams.map((s) => (
              <StreamIcon key={s} streamId={s} />
            ))}
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconCalendarEvent size={15} color="var(--mantine-color-gray-6)" />
            <Text size="xs" c="dimmed">
              Start{' '}
              <Text span inherit c="var(--mantine-color-text)">
                {formatProjectDate(project.StartDate, project.TimeZone)}
              </Text>
              {' · '}Stop{' '}
              <Text span inherit c="var(--mantine-color-text)">
                {formatProjectDate(project.StopDate, project.TimeZone)}
              </Text>
            </Text>
          </Group>
        </Stack>
      </Link>
      {onSettings && (
        <Tooltip label="Rename or delete" withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            pos="absolute"
            top={10}
            right={10}
            aria-label={`Settings of ${project.Description}`}
            onClick={() => onSettings(project)}
          >
            <IconSettings size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Card>
  );
}
