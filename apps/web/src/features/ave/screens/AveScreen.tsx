// Ave calc's (the project side menu): how AVE, the advertising value equivalent in rand, is
// computed, worked through on one of the project's own posts, and the client's CPM per network.
// Administrators change the CPM here; the client's stored posts are revalued at once.
import { Alert, Container, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useProjectContext } from '../../../project/context.ts';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { useAveSettings } from '../api/get-ave-settings.ts';
import { CpmTable } from '../components/CpmTable.tsx';
import { WorkedExample } from '../components/WorkedExample.tsx';

export function AveScreen() {
  const { project } = useProjectContext();
  const ave = useAveSettings(project.Id);
  return (
    <Container size="lg" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <PageHeader
        title="Ave calc's"
        subtitle="How the advertising value equivalent (AVE) of a post is worked out: what the same reach would have cost as paid advertising."
      />
      {ave.isPending ? (
        <Stack gap="md">
          <Skeleton h={160} />
          <Skeleton h={280} />
        </Stack>
      ) : ave.isError ? (
        <Alert color="red" variant="light" title="Ave calc's could not be loaded">
          {ave.error.message}
        </Alert>
      ) : (
        <Stack gap="lg">
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Title order={4} mb="xs">
              The formula
            </Title>
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
              <Step n={1} title="Impressions">
                The network&apos;s own impressions when it gives them. Otherwise the larger of the post&apos;s views and its estimated reach: the share of the
                author&apos;s followers who see a post on that network (below), plus {ave.data.ImpressionsPerInteraction} impressions for every interaction.
              </Step>
              <Step n={2} title="Interactions">
                Likes + 2 × comments + 3 × shares. Most people who see a post do not react to it, so each interaction stands for{' '}
                {ave.data.ImpressionsPerInteraction} people who saw it.
              </Step>
              <Step n={3} title="AVE">
                Impressions ÷ 1,000 × the network&apos;s CPM (the cost per thousand impressions, in rand), rounded to the cent. A project&apos;s AVE is the sum
                over its posts.
              </Step>
            </SimpleGrid>
          </Paper>
          <WorkedExample
            timeZone={project.TimeZone}
            example={ave.data.Example}
            organicReach={ave.data.Streams.find((x) => x.StreamId === ave.data.Example?.StreamId)?.OrganicReach ?? 0}
            perInteraction={ave.data.ImpressionsPerInteraction}
          />
          <CpmTable settings={ave.data} />
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={16} />}>
            The CPM table belongs to {ave.data.ClientName}: it applies to all its projects. When it changes, every stored post of the client is revalued at the
            new rate straight away, so dashboards, listings and exports agree with the table.
          </Alert>
        </Stack>
      )}
    </Container>
  );
}

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <div>
      <Text fw={700} size="sm">
        {n}. {title}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {children}
      </Text>
    </div>
  );
}
