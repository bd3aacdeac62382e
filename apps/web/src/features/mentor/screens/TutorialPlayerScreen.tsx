// Taking a tutorial: its overview, then its steps one by one to Complete, with its documents and videos.
import { Alert, Anchor, Badge, Button, Card, Container, Grid, Group, List, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCheck, IconCircleCheck, IconFileText, IconMovie } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import type { TutorialContact, TutorialDetail } from '@listening/contract';
import { AnchorLink, ButtonLink } from '../../../ui/links.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { useFormatTime } from '../../../ui/time.ts';
import { useComplete, useMoveToStep, useMyRegistrations, useRegister, useTutorial } from '../api/tutorials.ts';

/** Before registering: what the tutorial covers, and Start. */
function Overview({ tutorial }: { tutorial: TutorialDetail }) {
  const register = useRegister();
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4" mb="sm">
        What you will learn
      </Title>
      <List type="ordered" spacing={6} mb="lg">
        {tutorial.Steps.map((s) => (
          <List.Item key={s.Id}>{s.Title}</List.Item>
        ))}
      </List>
      <Button
        onClick={() => register.mutate(tutorial.Id)}
        loading={register.isPending}
        rightSection={<IconArrowRight size={16} />}
        style={{ alignSelf: 'flex-start' }}
      >
        Start tutorial
      </Button>
    </Card>
  );
}

/** The step the contact is on, with Back, Next and (on the last step) Complete. */
function Player({ tutorial, registration }: { tutorial: TutorialDetail; registration: TutorialContact }) {
  const time = useFormatTime();
  const move = useMoveToStep();
  const complete = useComplete();
  const count = tutorial.Steps.length;
  const current = Math.min(Math.max(registration.StepNumber, 1), count);
  const step = tutorial.Steps[current - 1];
  const busy = move.isPending || complete.isPending;
  const go = (stepNumber: number) => move.mutate({ tutorialContactId: registration.Id, stepNumber });
  return (
    <Card withBorder radius="md" padding="lg">
      {registration.IsCompleted && (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} title="Tutorial completed" mb="md">
          You completed this tutorial{registration.DateCompleted ? ` on ${time(registration.DateCompleted)}` : ''}. Go through its steps again at any time.
        </Alert>
      )}
      <Group justify="space-between" mb={6}>
        <Text size="sm" fw={600} c="dimmed" data-testid="step-position">
          Step {current} of {count}
        </Text>
      </Group>
      <Progress value={(current / count) * 100} size="sm" mb="lg" aria-label={`Step ${current} of ${count}`} />
      <Title order={3} size="h3" mb="sm">
        {step.Title}
      </Title>
      <Text style={{ whiteSpace: 'pre-wrap' }} mb="xl">
        {step.Body}
      </Text>
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} disabled={current <= 1 || busy} onClick={() => go(current - 1)}>
          Back
        </Button>
        {current < count ? (
          <Button rightSection={<IconArrowRight size={16} />} disabled={busy} loading={move.isPending} onClick={() => go(current + 1)}>
            Next
          </Button>
        ) : registration.IsCompleted ? (
          <Badge color="teal" size="lg" variant="light" leftSection={<IconCheck size={14} />}>
            Completed
          </Badge>
        ) : (
          <Button
            color="teal"
            leftSection={<IconCheck size={16} />}
            disabled={busy}
            loading={complete.isPending}
            onClick={() => complete.mutate(registration.Id)}
          >
            Complete
          </Button>
        )}
      </Group>
    </Card>
  );
}

function Materials({ tutorial }: { tutorial: TutorialDetail }) {
  if (!tutorial.Documents.length && !tutorial.Videos.length) return null;
  return (
    <Stack gap="md">
      {tutorial.Documents.length > 0 && (
        <Card withBorder radius="md" padding="md">
          <Title order={3} size="h5" mb="xs">
            Documents
          </Title>
          <Stack gap={6}>
            {tutorial.Documents.map((d) => (
              <Group key={d.Id} gap={8} wrap="nowrap">
                <IconFileText size={18} color="var(--mantine-color-blue-6)" style={{ flexShrink: 0 }} />
                <AnchorLink to="/mentor/document/$fileName" params={{ fileName: d.FileName }} size="sm">
                  {d.Title}
                </AnchorLink>
              </Group>
            ))}
          </Stack>
        </Card>
      )}
      {tutorial.Videos.length > 0 && (
        <Card withBorder radius="md" padding="md">
          <Title order={3} size="h5" mb="xs">
            Videos
          </Title>
          <Stack gap="sm">
            {tutorial.Videos.map((v) => (
              <div key={v.Id}>
                <Group gap={8} mb={4} wrap="nowrap">
                  <IconMovie size={18} color="var(--mantine-color-blue-6)" style={{ flexShrink: 0 }} />
                  <Text size="sm">{v.Title}</Text>
                </Group>
                <video controls preload="metadata" src={v.Url} style={{ width: '100%', borderRadius: 6, background: '#000' }} aria-label={v.Title}>
                  <track kind="captions" />
                  <Anchor href={v.Url}>{v.Title}</Anchor>
                </video>
              </div>
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

/** /mentor/tutorial/{id}: register, then go through the steps by number until Complete. */
export function TutorialPlayerScreen() {
  const { tutorialId } = useParams({ strict: false }) as { tutorialId: string };
  const id = Number(tutorialId);
  const tutorial = useTutorial(id);
  const registrations = useMyRegistrations();
  const back = (
    <AnchorLink to="/mentor" size="sm">
      ← Tutorials
    </AnchorLink>
  );
  if (tutorial.isPending || registrations.isPending)
    return (
      <Container size="lg" py="xl">
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      </Container>
    );
  if (tutorial.isError)
    return (
      <Container size="lg" py="xl">
        {back}
        <Alert color="red" title="This tutorial could not be opened" mt="md">
          {tutorial.error.message}
        </Alert>
      </Container>
    );
  const t = tutorial.data;
  const registration = registrations.data?.find((r) => r.TutorialId === t.Id);
  return (
    <Container size="lg" py="xl">
      <PageHeader
        above={back}
        title={t.Title}
        subtitle={t.Description}
        actions={
          <Badge variant="light" color="gray">
            {t.PlatformName}
          </Badge>
        }
      />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>{registration ? <Player tutorial={t} registration={registration} /> : <Overview tutorial={t} />}</Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Materials tutorial={t} />
        </Grid.Col>
      </Grid>
      {!t.IsActive && (
        <Alert color="yellow" mt="lg" title="Draft">
          This tutorial is not active: only administrators see it.{' '}
          <ButtonLink to="/mentor/manage" size="compact-xs" variant="subtle">
            Manage tutorials
          </ButtonLink>
        </Alert>
      )}
    </Container>
  );
}
