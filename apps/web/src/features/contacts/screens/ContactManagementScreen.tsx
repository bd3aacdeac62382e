// A client's contacts and their access, pending invitations, and inviting someone new.
import { ActionIcon, Badge, Card, Group, Loader, Switch, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft, IconLock, IconTrash, IconX } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { CONTACT_MESSAGES, type ClientContact, type ContactInvitation } from '@listening/contract';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { ButtonLink } from '../../../ui/links.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { useFormatTime } from '../../../ui/time.ts';
import { toast } from '../../../ui/toast.ts';
import { AddContactForm } from '../components/AddContactForm.tsx';
import { useCancelInvitation, useContactManagement, useMyUserId, useRemoveContact, useSetContactActive } from '../api/contact-management.ts';

const CONFIRM_DELETE = 'Are you sure you wish to delete this item?';

function ContactRow({ contact, clientId, canManage }: { contact: ClientContact; clientId: number; canManage: boolean }) {
  const setActive = useSetContactActive(clientId);
  const remove = useRemoveContact(clientId);
  const name = `${contact.Name} ${contact.Surname}`.trim();
  // A primary contact cannot switch themselves off (the server refuses it): their own switch says so instead of looking clickable.
  const isMe = useMyUserId() === contact.Id;
  const ownSwitch = isMe && contact.IsActive;
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={500}>
              {name}
            </Text>
            {/* On a phone the email goes under the name: the table keeps to the screen's width. */}
            <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ wordBreak: 'break-all' }}>
              {contact.Email}
            </Text>
          </div>
          {contact.IsPrimary && (
            <Badge size="xs" variant="light">
              Primary
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td visibleFrom="sm" style={{ wordBreak: 'break-all' }}>
        <Text size="sm">{contact.Email}</Text>
      </Table.Td>
      <Table.Td>
        <Tooltip label={CONTACT_MESSAGES.ownPrimary} withArrow disabled={!ownSwitch || !canManage} multiline maw={240}>
          <span
            style={{ display: 'inline-flex', alignItems: 'center', cursor: ownSwitch && canManage ? 'not-allowed' : undefined }}
            data-testid={ownSwitch ? 'own-active-switch' : undefined}
          >
            <Switch
              checked={contact.IsActive}
              disabled={!canManage || ownSwitch || setActive.isPending}
              aria-label={`${name} is active`}
              aria-description={ownSwitch && canManage ? CONTACT_MESSAGES.ownPrimary : undefined}
              onChange={(e) => {
                const isActive = e.currentTarget.checked;
                setActive.mutate({ contactId: contact.Id, isActive }, { onSuccess: (r) => toast.success(r.Message) });
              }}
            />
            {ownSwitch && canManage && <IconLock size={14} color="var(--mantine-color-gray-6)" aria-hidden style={{ marginLeft: 6 }} />}
          </span>
        </Tooltip>
      </Table.Td>
      <Table.Td ta="right">
        <Tooltip label={contact.IsPrimary ? CONTACT_MESSAGES.primaryNotDeletable : `Delete ${name}`} withArrow>
          <span>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${name}`}
              disabled={!canManage || contact.IsPrimary}
              loading={remove.isPending}
              onClick={() => {
                if (window.confirm(CONFIRM_DELETE)) remove.mutate(contact.Id, { onSuccess: (r) => toast.success(r.Message) });
              }}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </span>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}

/** An invitation not yet answered: what the manager typed, when it was sent, and a way to withdraw it. */
function InvitationRow({ invitation, clientId }: { invitation: ContactInvitation; clientId: number }) {
  const time = useFormatTime();
  const cancel = useCancelInvitation(clientId);
  const name = `${invitation.Name} ${invitation.Surname}`.trim();
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {name}
        </Text>
        <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ wordBreak: 'break-all' }}>
          {invitation.Email}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="sm" style={{ wordBreak: 'break-all' }}>
        <Text size="sm">{invitation.Email}</Text>
      </Table.Td>
      <Table.Td>
        {invitation.IsOpen ? (
          <Text size="sm" c="dimmed">
            Sent {time(invitation.SentAt)}
          </Text>
        ) : (
          <Badge size="sm" color="gray" variant="light">
            Expired {time(invitation.ExpiresAt)}: invite again
          </Badge>
        )}
      </Table.Td>
      <Table.Td ta="right">
        <Tooltip label={`Cancel the invitation of ${name}`} withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Cancel the invitation of ${name}`}
            loading={cancel.isPending}
            onClick={() => cancel.mutate(invitation.Id, { onSuccess: (r) => toast.success(r.Message) })}
          >
            <IconX size={18} />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}

/** /client/{clientId}/contact-management: the client's contacts, their access, and adding one. */
export function ContactManagementScreen() {
  const { clientId } = useParams({ strict: false }) as { clientId: string };
  const id = Number(clientId);
  const { data, isPending, isError, error } = useContactManagement(id);

  const back = (
    <ButtonLink
      to="/client/$clientId/dashboard"
      params={{ clientId }}
      variant="subtle"
      size="compact-sm"
      leftSection={<IconArrowLeft size={14} />}
      w="fit-content"
    >
      Back to the client
    </ButtonLink>
  );
  if (isPending) return <Loader m="xl" />;
  if (isError) return <EmptyState title="Contact Management">{error.message}</EmptyState>;

  return (
    <div style={{ padding: 'var(--mantine-spacing-md)', maxWidth: 1100, margin: '0 auto' }}>
      <PageHeader above={back} title="Contact Management" subtitle={data.ClientName} tabTitle={`Contacts · ${data.ClientName}`} />
      <Card withBorder radius="md" p={0}>
        <Table verticalSpacing="sm" horizontalSpacing="md" striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th visibleFrom="sm">Email</Table.Th>
              <Table.Th>Is Active</Table.Th>
              <Table.Th w={48}>
                <VisuallyHidden>Delete</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.Contacts.map((c) => (
              <ContactRow key={c.ClientContactId} contact={c} clientId={id} canManage={data.CanManage} />
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      {data.Invitations.length > 0 && (
        <Card withBorder radius="md" p={0} mt="lg" aria-label="Invitations not yet accepted" component="section">
          <Title order={5} px="md" pt="sm">
            Invitations not yet accepted
          </Title>
          <Table verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th visibleFrom="sm">Email</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th w={48}>
                  <VisuallyHidden>Cancel</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.Invitations.map((i) => (
                <InvitationRow key={i.Id} invitation={i} clientId={id} />
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
      {data.CanManage ? (
        <Card withBorder radius="md" mt="lg">
          <Title order={4} mb="sm">
            Add a contact
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            They receive an email invitation and become a contact once they accept it, signed in as themselves.
          </Text>
          <AddContactForm clientId={id} />
        </Card>
      ) : (
        <Text size="sm" c="dimmed" mt="md">
          {CONTACT_MESSAGES.notAllowed}.
        </Text>
      )}
    </div>
  );
}
