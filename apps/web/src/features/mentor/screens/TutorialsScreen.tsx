import { Badge, Card, Container, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconSchool, IconSettings } from '@tabler/icons-react';
import type { Tutorial, TutorialContact } from '@listening/contract';
import { useState } from 'react';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { ButtonLink } from '../../../ui/links.tsx';
import { QueryState } from '../../../ui/QueryState.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { useActiveTutorials, useMe, useMyRegistrations, usePlatforms } from '../api/tutorials.ts';
import { ProgressBadge } from '../components/ProgressBadge.tsx';

function TutorialCard({ tutorial, registration }: { tutorial: Tutorial; registration: TutorialContact | undefined }) {
  const action = !registration ? 'Start' : registration.IsCompleted ? 'Review' : 'Continue';
  return (
    <Card withBorder radius="md" padding="lg" data-testid="tutorial-card">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h4">
            {tutorial.Title}
          </Title>
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            {tutorial.PlatformName}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {tutorial.Description}
        </Text>
        <Group justify="space-between" mt="xs">
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              {tutorial.StepCount} {tutorial.StepCount === 1 ? 'step' : 'steps'}
            </Text>
            <ProgressBadge registration={registration} />
          </Group>
          <ButtonLink to="/mentor/tutorial/$tutorialId" params={{ tutorialId: String(tutorial.Id) }} size="xs" aria-label={`${action} ${tutorial.Title}`}>
            {action}
          </ButtonLink>
        </Group>
      </Stack>
    </Card>
  );
}

/** /mentor: the active tutorials, by platform, with the contact's progress in each. */
export function TutorialsScreen() {
  const me = useMe();
  const [platformId, setPlatformId] = useState<string | null>(null);
  const platforms = usePlatforms();
  const tutorials = useActiveTutorials(platformId ? Number(platformId) : null);
  const registrations = useMyRegistrations();
  const byTutorial = new Map((registrations.data ?? []).map((r) => [r.TutorialId, r]));
  return (
    <Container size="lg" py="xl">
      <PageHeader
        title="Tutorials"
        subtitle="Step-by-step help for the product's screens and for linking your accounts. Your place in each is kept."
        actions={
          me?.IsAdmin && (
            <ButtonLink to="/mentor/manage" variant="light" leftSection={<IconSettings size={16} />}>
              Manage tutorials
            </ButtonLink>
          )
        }
      />
      <Select
        label="Platform"
        placeholder="All platforms"
        clearable
        data={(platforms.data ?? []).map((p) => ({ value: String(p.Id), label: p.Name }))}
        value={platformId}
        onChange={setPlatformId}
        maw={280}
        mb="lg"
      />
      {!tutorials.isSuccess ? (
        <QueryState query={tutorials} errorTitle="The tutorials could not be loaded" />
      ) : tutorials.data.length === 0 ? (
        <EmptyState title="No tutorials yet" icon={<IconSchool size={26} />}>
          {platformId ? 'There is no tutorial for this platform yet: choose another platform.' : 'Tutorials will appear here once they are published.'}
        </EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {tutorials.data.map((t) => (
            <TutorialCard key={t.Id} tutorial={t} registration={byTutorial.get(t.Id)} />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
