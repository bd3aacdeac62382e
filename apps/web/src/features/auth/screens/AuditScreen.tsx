// The admins' audit log: who acted, as whom, on what, when and from where.
import { Alert, Anchor, Badge, Code, Container, Loader, Paper, ScrollArea, Table, Text } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { AuditAction, AuditEntry } from '@listening/contract';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { useAuditLog } from '../api/get-audit-log.ts';
import { useUser } from '../api/get-user.ts';
import { useFormatTime } from '../../../ui/time.ts';
import { NextPageButton } from '../../../ui/NextPageButton.tsx';

/** What each action of the log means, in the table's words (every action the server records). */
export const ACTION_LABELS: Record<AuditAction, string> = {
  'act_as.start': 'Started acting as',
  'act_as.end': 'Stopped acting as',
  'project.rename': 'Renamed project',
  'project.delete': 'Deleted project',
  'project.restore': 'Restored project',
  'clips.reject': 'Rejected clips',
  'clips.restore': 'Restored clips',
  'sessions.revoke_all': 'Logged out everywhere',
  'token.grant': 'Granted token',
  'token.revoke': 'Revoked token',
  'product.change': 'Changed products',
  'bin.delete': 'Deleted bin',
  'client.cpm': 'Changed CPM',
  'client.retention': 'Changed posts kept',
  'contact.invite': 'Invited contact',
  'contact.invite_cancel': 'Cancelled invitation',
  'invitation.accept': 'Accepted invitation',
  'invitation.decline': 'Declined invitation',
  'user.email_change': 'Changed email',
  'contact.active': 'Set contact active or inactive',
  'contact.remove': 'Removed contact',
  'contact.save': 'Saved contact',
  'agreement.save': 'Saved agreement',
  'tutorial.save': 'Saved tutorial',
  'tutorial.delete': 'Deleted tutorial',
  'mentor_file.upload': 'Uploaded mentor file',
};

/** An entry's action in the table's words; an action this app does not know shows as recorded. */
const actionLabel = (action: string): string => (ACTION_LABELS as Record<string, string>)[action] ?? action;

const person = (email: string | null, id: number | null) => email ?? (id === null ? 'the server' : `user #${id}`);

/** A detail's facts as `name: value` pairs; lists of ids show their count. */
function DetailCell({ detail }: { detail: AuditEntry['Detail'] }) {
  if (!detail) return null;
  const parts = Object.entries(detail)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => {
      if (v && typeof v === 'object' && 'count' in v && 'ids' in v) {
        const list = v as { ids: number[]; count: number };
        return `${k}: ${list.ids.join(', ')}${list.count > list.ids.length ? ` … (${list.count})` : ''}`;
      }
      return `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`;
    });
  return (
    <Text size="xs" style={{ wordBreak: 'break-word' }}>
      {parts.join(' · ')}
    </Text>
  );
}

/** Admins only: who did what, acting as whom, on what, when and from where (act-as, project changes, clip rejects, tokens, products). */
export function AuditScreen() {
  const time = useFormatTime();
  const { data: user } = useUser();
  const log = useAuditLog(!!user?.IsAdmin);
  const entries = log.data?.pages.flatMap((p) => p.Entries) ?? [];
  return (
    <Container size="xl" py="xl">
      <PageHeader
        title="Audit log"
        subtitle="Act-as sessions, project renames and deletions, clip rejects, token grants and revokes, and product changes, newest first."
        above={
          <Anchor component={Link} to="/admin" size="sm">
            ← Admin
          </Anchor>
        }
      />
      {user && !user.IsAdmin && <Alert color="yellow">The audit log is for administrators only.</Alert>}
      {log.isLoading && <Loader />}
      {log.data && entries.length === 0 && <EmptyState title="Nothing recorded yet" icon={<IconListDetails size={26} />} />}
      {entries.length > 0 && (
        <Paper withBorder radius="md">
          <ScrollArea>
            <Table verticalSpacing={6} highlightOnHover striped aria-label="Audit log">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>Acting as</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>Target</Table.Th>
                  <Table.Th>Detail</Table.Th>
                  <Table.Th>Address</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((e) => (
                  <Table.Tr key={e.Id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{time(e.DateCreated)}</Table.Td>
                    <Table.Td>{person(e.Actor, e.ActorId)}</Table.Td>
                    <Table.Td>{e.ActingAsId === null ? '' : person(e.ActingAs, e.ActingAsId)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={e.Action === 'act_as.start' ? 'orange' : 'gray'} title={e.Action}>
                        {actionLabel(e.Action)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Code>{e.Target}</Code>
                    </Table.Td>
                    <Table.Td maw={380}>
                      <DetailCell detail={e.Detail} />
                    </Table.Td>
                    <Table.Td>{e.Address ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Paper>
      )}
      <NextPageButton list={log} mt="md">
        Older entries
      </NextPageButton>
    </Container>
  );
}
