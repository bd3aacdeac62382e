// The per-contact notification dialog (docs/spec/002_6c80e0f7cd09047f.txt section 2.3): a contact selection view (interval, start
// date, recipients) and the project's alert list, toggled by 'List' and 'New'; Cancel and Done in
// the footer. Done saves the new alert ('Alert Scheduled') or, on the list, closes. Opened by the
// project shell for the side menu's 'per Contact Notification', and by the subscriptions screen.
import { ActionIcon, Alert, Button, Group, Loader, MultiSelect, Select, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { ALERT_INTERVAL_OPTIONS, ALERT_KEYWORD_MAX, ALERT_MESSAGES, ALERT_NAME_MAX, WORD_BIN_SENTIMENTS, intervalDescription } from '@listening/contract';
import { useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import type { ProjectDialogProps } from '../../../project/dialogs.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { formatDate, formatTime, todayIn, useTimeZone } from '../../../ui/time.ts';
import { toast } from '../../../ui/toast.ts';
import { useAlerts, useClientContacts, useDeleteAlert, useSaveAlert } from '../api/alerts.ts';
import { DialogActions } from '../../../ui/DialogActions.tsx';

const CONFIRM_DELETE = 'Are you sure you wish to delete this item?';
/** The key of the 'Please select at least 1 recipient' warning: gone once a recipient is chosen or the alert saved. */
const NO_RECIPIENT = 'alert-no-recipient';
const SENTIMENTS = WORD_BIN_SENTIMENTS.map((s) => ({ value: String(s.Id), label: s.Id === 0 ? 'Any sentiment' : s.Description }));

/** What an alert sends, beyond all of the project's new mentions: its sentiment and keyword, when it has them. */
export function alertFilterText(a: { SentimentId: number; Keyword: string | null }): string {
  const parts = [
    a.SentimentId ? `${WORD_BIN_SENTIMENTS.find((s) => s.Id === a.SentimentId)?.Description ?? ''} mentions` : 'All mentions',
    a.Keyword ? `with '${a.Keyword}'` : '',
  ];
  return parts.filter(Boolean).join(' ');
}

function AlertList({ projectId }: { projectId: number }) {
  const alerts = useAlerts(projectId);
  const remove = useDeleteAlert();
  const timeZone = useTimeZone();
  if (alerts.isPending) return <Loader size="sm" />;
  if (alerts.isError)
    return (
      <Alert color="red">
        {alerts.error instanceof ApiError && alerts.error.serverMessage ? alerts.error.serverMessage : 'The alerts could not be loaded'}
      </Alert>
    );
  if (alerts.data.length === 0) return <Text c="dimmed">No alerts scheduled for this project yet. Choose New to schedule one.</Text>;
  return (
    <Table.ScrollContainer minWidth={460}>
      <Table striped aria-label="Alerts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Sends</Table.Th>
            <Table.Th>Interval</Table.Th>
            <Table.Th>Starts</Table.Th>
            <Table.Th>Recipients</Table.Th>
            <Table.Th aria-label="Delete" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {alerts.data.map((a) => (
            <Table.Tr key={a.Id}>
              <Table.Td>{a.Name}</Table.Td>
              <Table.Td>{alertFilterText(a)}</Table.Td>
              <Table.Td>{intervalDescription(a.Interval)}</Table.Td>
              <Table.Td>{a.StartDate.endsWith('T00:00:00') ? formatDate(a.StartDate, timeZone) : formatTime(a.StartDate, timeZone)}</Table.Td>
              <Table.Td>
                <Tooltip label={a.Recipients.map((r) => `${r.Name} ${r.Surname}`.trim()).join(', ') || 'No recipients left'} withArrow multiline maw={280}>
                  <Text size="sm" span>
                    {a.RecipientCount}
                  </Text>
                </Tooltip>
              </Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete alert ${a.Name}`}
                  loading={remove.isPending && remove.variables === a.Id}
                  onClick={() => {
                    if (window.confirm(CONFIRM_DELETE)) remove.mutate(a.Id, { onSuccess: () => toast.success(ALERT_MESSAGES.deleted) });
                  }}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function NotificationDialog({ clientId, projectId, onClose }: ProjectDialogProps) {
  const [view, setView] = useState<'new' | 'list'>('new');
  const [name, setName] = useState('New mentions');
  const [interval, setIntervalMinutes] = useState<string>('0');
  // Today on the client's calendar, as the date input shows it (the start is sent at 00:00).
  const timeZone = useTimeZone();
  const today = () => todayIn(timeZone);
  const [startDate, setStartDate] = useState(today);
  const [recipients, setRecipients] = useState<string[]>([]);
  const [sentimentId, setSentimentId] = useState('0');
  const [keyword, setKeyword] = useState('');
  const contacts = useClientContacts(clientId);
  const save = useSaveAlert();

  const options = (contacts.data ?? [])
    .filter((c) => c.IsClientContactActive && !c.IsDeleted)
    .map((c) => ({ value: String(c.ClientContactId), label: `${`${c.Name} ${c.Surname}`.trim()} (${c.Email})` }));

  // The warning is about this form: it goes with it.
  const close = () => {
    toast.hide(NO_RECIPIENT);
    onClose();
  };
  function onDone() {
    if (view === 'list') return close();
    if (recipients.length === 0) return void toast.warning(ALERT_MESSAGES.noRecipient, undefined, NO_RECIPIENT);
    save.mutate(
      {
        name: name.trim() || 'New mentions',
        projectId,
        recipientIds: recipients.join(','),
        interval: Number(interval),
        startDate,
        sentimentId: Number(sentimentId),
        keyword: keyword.trim() || null,
      },
      {
        onSuccess: () => {
          toast.success(ALERT_MESSAGES.scheduled, undefined, { replaces: NO_RECIPIENT });
          setRecipients([]);
          setView('list');
        },
      },
    );
  }

  return (
    <Modal opened onClose={close} title="per Contact Notification" size="lg" centered radius="md">
      <Stack gap="md">
        <Group gap="xs">
          <Button variant={view === 'list' ? 'filled' : 'default'} size="xs" onClick={() => setView('list')} aria-pressed={view === 'list'}>
            List
          </Button>
          <Button variant={view === 'new' ? 'filled' : 'default'} size="xs" onClick={() => setView('new')} aria-pressed={view === 'new'}>
            New
          </Button>
        </Group>
        {view === 'list' ? (
          <AlertList projectId={projectId} />
        ) : (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              The chosen contacts receive this project's new mentions by e-mail and in the bell, at the interval you choose.
            </Text>
            <TextInput label="Name" value={name} maxLength={ALERT_NAME_MAX} onChange={(e) => setName(e.currentTarget.value)} />
            <Group grow align="flex-start">
              <Select
                label="Interval"
                data={ALERT_INTERVAL_OPTIONS.map((o) => ({ value: String(o.Id), label: o.Description }))}
                value={interval}
                onChange={(v) => v !== null && setIntervalMinutes(v)}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
              <TextInput label="Start date" type="date" value={startDate} onChange={(e) => setStartDate(e.currentTarget.value || today())} />
            </Group>
            <Group grow align="flex-start">
              <Select
                label="Sentiment"
                description="Only mentions of this sentiment"
                data={SENTIMENTS}
                value={sentimentId}
                onChange={(v) => v !== null && setSentimentId(v)}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
              <TextInput
                label="Keyword"
                description="Only mentions with this word or phrase"
                placeholder="Any"
                value={keyword}
                maxLength={ALERT_KEYWORD_MAX}
                onChange={(e) => setKeyword(e.currentTarget.value)}
              />
            </Group>
            <MultiSelect
              label="Recipients"
              placeholder={recipients.length ? undefined : 'Choose contacts'}
              data={options}
              value={recipients}
              onChange={(ids) => {
                if (ids.length > 0) toast.hide(NO_RECIPIENT);
                setRecipients(ids);
              }}
              hidePickedOptions
              searchable
              nothingFoundMessage={contacts.isPending ? 'Loading contacts…' : 'No other contacts'}
              comboboxProps={{ withinPortal: true }}
            />
          </Stack>
        )}
        <DialogActions onCancel={close} gap="sm" mt="sm">
          <Button onClick={onDone} loading={save.isPending}>
            Done
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
