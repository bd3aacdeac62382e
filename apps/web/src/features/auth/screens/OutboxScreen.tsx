import { Accordion, Alert, Anchor, Badge, Container, Group, Loader, Paper, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Fragment } from 'react';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { useOutbox } from '../api/get-outbox.ts';
import { useUser } from '../api/get-user.ts';
import { useFormatTime } from '../../../ui/time.ts';

/** Plain text with its web addresses made into links, so an emailed reset link can be followed. */
export function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s]+)/g);
  return (
    <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'inherit', margin: 0 }}>
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <Anchor key={i} href={part} target="_blank" rel="noreferrer">
            {part}
          </Anchor>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </Text>
  );
}

const STATUS_COLORS: Record<string, string> = { pending: 'yellow', sending: 'yellow', sent: 'green', failed: 'red', kept: 'gray' };

/** Admins only: the mail the server kept because no SMTP server is configured, and the send queue's state when one is. */
export function OutboxScreen() {
  const time = useFormatTime();
  const { data: user } = useUser();
  const outbox = useOutbox(!!user?.IsAdmin);
  return (
    <Container size="lg" py="xl">
      <PageHeader
        title="Outbox"
        subtitle="Every mail the server queued, newest first: kept here only when no SMTP server is configured. Secrets such as password-setup links read [redacted]."
        above={
          <Anchor component={Link} to="/admin" size="sm">
            ← Admin
          </Anchor>
        }
      />
      {user && !user.IsAdmin && <Alert color="yellow">The outbox is for administrators only.</Alert>}
      {outbox.isLoading && <Loader />}
      {outbox.data && outbox.data.length === 0 && <EmptyState title="The outbox is empty" icon={<IconMail size={26} />} />}
      {outbox.data && outbox.data.length > 0 && (
        <Paper withBorder radius="md">
          <Accordion variant="default" chevronPosition="left">
            {[...outbox.data]
              .sort((a, b) => b.DateCreated.localeCompare(a.DateCreated))
              .map((m) => (
                <Accordion.Item key={m.Id} value={String(m.Id)}>
                  <Accordion.Control>
                    <Group justify="space-between" wrap="nowrap" gap="md">
                      <div style={{ minWidth: 0 }}>
                        <Text fw={600} truncate>
                          {m.Subject}
                        </Text>
                        <Text size="sm" c="dimmed" truncate>
                          To {m.To}
                        </Text>
                      </div>
                      <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                        <Badge variant="light" color={STATUS_COLORS[m.Status] ?? 'gray'}>
                          {m.Status}
                        </Badge>
                        <Badge variant="light" color="gray">
                          {time(m.DateCreated)}
                        </Badge>
                      </Group>
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <Linkified text={m.Text} />
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
          </Accordion>
        </Paper>
      )}
    </Container>
  );
}
