// The project's Response alert setting, in the response queue's dialog (docs/responses.md,
// "Alerts"): on or off, how long a post may wait, and the contacts who get an email and a bell for
// each post still unanswered after that wait (one mail per run for a burst). The word bins'
// Response Contacts are told too, with this wait.
import { Alert, Button, Card, Group, MultiSelect, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { RESPONSE_WAIT_MAX_MINUTES, type ResponseAlertSetting } from '@listening/contract';
import { useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { toast } from '../../../ui/toast.ts';
import { useClientContacts, useResponseAlert, useSaveResponseAlert } from '../api/responses.ts';
import { waitLabel } from '../wait.ts';

function summary(s: ResponseAlertSetting): string {
  if (!s.Active) return 'Off';
  const people = s.Recipients.length + s.WordBinContacts;
  return `On: a post unanswered after ${waitLabel(s.WaitMinutes)} is told to ${people} contact${people === 1 ? '' : 's'}`;
}

function Form({ setting, clientId, onDone }: { setting: ResponseAlertSetting; clientId: number; onDone: () => void }) {
  const [active, setActive] = useState(setting.Active || setting.Recipients.length === 0);
  const [wait, setWait] = useState<number | string>(setting.WaitMinutes);
  const [recipients, setRecipients] = useState(setting.Recipients.map((r) => String(r.ContactId)));
  const contacts = useClientContacts(clientId);
  const save = useSaveResponseAlert();
  const options = (contacts.data ?? [])
    .filter((c) => c.IsClientContactActive && !c.IsDeleted)
    .map((c) => ({ value: String(c.ClientContactId), label: `${`${c.Name} ${c.Surname}`.trim()} (${c.Email})` }));
  const error = save.error instanceof ApiError && save.error.serverMessage ? save.error.serverMessage : save.error ? 'The setting could not be saved' : null;
  const submit = () =>
    save.mutate(
      { projectId: setting.ProjectId, active, waitMinutes: Number(wait), recipientIds: recipients.map(Number) },
      {
        onSuccess: () => {
          toast.success('Response alert saved');
          onDone();
        },
      },
    );
  return (
    <Stack gap="xs" data-testid="response-alert-form">
      <Switch label="Email and bell when a post waits too long for a response" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
      <NumberInput
        label="Wait (minutes)"
        description={`From 1 to ${RESPONSE_WAIT_MAX_MINUTES} (a week)`}
        value={wait}
        onChange={setWait}
        allowDecimal={false}
        w={220}
      />
      <MultiSelect
        label="Contacts to tell"
        placeholder={recipients.length ? undefined : 'Choose contacts'}
        data={options}
        value={recipients}
        onChange={setRecipients}
        searchable
        nothingFoundMessage={contacts.isPending ? 'Loading contacts…' : 'No other contacts'}
      />
      {setting.WordBinContacts > 0 && (
        <Text size="xs" c="dimmed">
          Also told: {setting.WordBinContacts} Response Contact{setting.WordBinContacts === 1 ? '' : 's'} of the project’s word bins.
        </Text>
      )}
      {error && (
        <Alert color="red" data-testid="response-alert-error">
          {error}
        </Alert>
      )}
      <Group gap="xs">
        <Button size="xs" onClick={submit} loading={save.isPending}>
          Save alert
        </Button>
        <Button size="xs" variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

export function ResponseAlertCard({ projectId, clientId }: { projectId: number; clientId: number }) {
  const setting = useResponseAlert(projectId);
  const [editing, setEditing] = useState(false);
  if (!setting.data) return null;
  return (
    <Card withBorder radius="md" padding="sm" mb="sm" data-testid="response-alert">
      {editing ? (
        <Form setting={setting.data} clientId={clientId} onDone={() => setEditing(false)} />
      ) : (
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <div>
            <Text size="sm" fw={600}>
              Response alert
            </Text>
            <Text size="xs" c="dimmed" data-testid="response-alert-summary">
              {summary(setting.data)}
            </Text>
          </div>
          <Button size="xs" variant="light" onClick={() => setEditing(true)} style={{ flexShrink: 0 }}>
            Edit
          </Button>
        </Group>
      )}
    </Card>
  );
}
