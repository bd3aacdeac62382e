// The fields of a word bin, shared by the Add modal and the detail screen's edit mode: name,
// keywords with AND / OR / NOT (an empty keyword is ignored), sentiment, language, interval,
// start and end, and recipients chosen from the client's contacts (chosen ones leave the dropdown).
// While editing, each problem stands under its own field, and the keywords show what they would
// have matched in the last 7 days. What the fields hold while typing lives in use-word-bin-fields.ts.
import { ActionIcon, Box, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconUserPlus, IconX } from '@tabler/icons-react';
import {
  KEYWORD_OPERATOR_LABELS,
  RECIPIENT_TYPE_LABELS,
  WORD_BIN_INTERVALS,
  WORD_BIN_LANGUAGES,
  WORD_BIN_SENTIMENTS,
  intervalLabel,
  type WordBinContact,
} from '@listening/contract';
import type { DraftProblems, WordBinDraft } from '../draft.ts';
import { KeywordBadge } from './KeywordBadge.tsx';
import { MatchCount } from './MatchCount.tsx';
import { useWordBinFields } from './use-word-bin-fields.ts';

const options = (rows: readonly { Id: number; Description: string }[]) => rows.map((r) => ({ value: String(r.Id), label: r.Description }));
const INTERVALS = WORD_BIN_INTERVALS.map((m) => ({
  value: String(m),
  label: m === 0 || m === 60 || m === 1440 ? `${intervalLabel(m)} (${m})` : intervalLabel(m),
}));
const OPERATORS = Object.entries(KEYWORD_OPERATOR_LABELS).map(([value, label]) => ({ value, label }));
const RECIPIENT_TYPES = Object.entries(RECIPIENT_TYPE_LABELS).map(([value, label]) => ({ value, label }));

export function WordBinFields({
  draft,
  onChange,
  contacts,
  disabled = false,
  problems = {},
  scope,
}: {
  draft: WordBinDraft;
  onChange: (next: WordBinDraft) => void;
  contacts: readonly WordBinContact[];
  disabled?: boolean;
  /** Messages to show under their fields. */
  problems?: DraftProblems;
  /** The list's project and client: while editing, the count of its matches in the last 7 days. */
  scope?: { projectId: number; clientId: number };
}) {
  const f = useWordBinFields(draft, onChange, contacts);
  const { set } = f;

  return (
    <Stack gap="sm">
      <TextInput
        label="Name"
        required
        value={draft.Description}
        onChange={(e) => set('Description', e.currentTarget.value)}
        disabled={disabled}
        maxLength={200}
        error={problems.Description}
      />
      <Box>
        <Text size="sm" fw={500} mb={4}>
          Keywords
        </Text>
        {!disabled && (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <Select aria-label="Operator" data={OPERATORS} value={f.operator} onChange={f.setOperator} allowDeselect={false} w={90} />
            <TextInput
              aria-label="Keyword"
              placeholder="A word or phrase"
              value={f.keyword}
              onChange={(e) => f.setKeyword(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  f.addKeyword();
                }
              }}
              style={{ flex: 1, minWidth: 0 }}
            />
            <Button variant="light" leftSection={<IconPlus size={14} />} onClick={f.addKeyword}>
              Add
            </Button>
          </Group>
        )}
        <Group gap={6} mt="xs" data-testid="keywords">
          {draft.Keywords.length === 0 ? (
            <Text size="xs" c="dimmed">
              No keywords yet: posts must contain every AND keyword and one of the OR keywords, and no NOT keyword.
            </Text>
          ) : (
            draft.Keywords.map((k, i) => (
              <KeywordBadge key={`${i}-${k.Value}`} value={k.Value} operatorId={k.OperatorId} onRemove={disabled ? undefined : () => f.removeKeyword(i)} />
            ))
          )}
        </Group>
        {problems.Keywords && (
          <Text size="xs" c="red" mt={4} role="alert" data-field-error="Keywords">
            {problems.Keywords}
          </Text>
        )}
        {!disabled && scope && <MatchCount draft={draft} projectId={scope.projectId} clientId={scope.clientId} />}
      </Box>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select
          label="Sentiment"
          data={options(WORD_BIN_SENTIMENTS)}
          value={String(draft.SentimentId)}
          onChange={(v) => set('SentimentId', Number(v ?? 0))}
          allowDeselect={false}
          disabled={disabled}
        />
        <Select
          label="Language"
          data={options(WORD_BIN_LANGUAGES)}
          value={String(draft.LanguageId)}
          onChange={(v) => set('LanguageId', Number(v ?? 0))}
          allowDeselect={false}
          disabled={disabled}
        />
        <Select
          label="Interval"
          data={INTERVALS}
          value={String(draft.NotificationInterval)}
          onChange={(v) => set('NotificationInterval', Number(v ?? 60))}
          allowDeselect={false}
          disabled={disabled}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Start Date"
          type="datetime-local"
          value={draft.StartDate}
          onChange={(e) => set('StartDate', e.currentTarget.value)}
          disabled={disabled}
          error={problems.StartDate}
        />
        <TextInput
          label="End Date"
          type="datetime-local"
          value={draft.StopDate}
          onChange={(e) => set('StopDate', e.currentTarget.value)}
          disabled={disabled}
          error={problems.StopDate}
        />
      </SimpleGrid>
      <Box>
        <Group justify="space-between" mb={4}>
          <Text size="sm" fw={500}>
            Recipients
          </Text>
          {!disabled && !f.adding && (
            <Button size="xs" variant="subtle" leftSection={<IconUserPlus size={14} />} onClick={() => f.setAdding(true)} disabled={f.available.length === 0}>
              Add recipient
            </Button>
          )}
        </Group>
        {f.adding && (
          <Paper withBorder p="sm" radius="sm" mb="xs">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <Select
                label="Contact"
                placeholder="Choose a contact"
                data={f.available.map((c) => ({ value: String(c.Id), label: `${c.Name} ${c.Surname} (${c.Email})` }))}
                value={f.contact}
                onChange={f.setContact}
                searchable
                comboboxProps={{ withinPortal: false }}
              />
              <Select
                label="Recipient type"
                data={RECIPIENT_TYPES}
                value={f.recipientType}
                onChange={f.setRecipientType}
                allowDeselect={false}
                comboboxProps={{ withinPortal: false }}
              />
            </SimpleGrid>
            <Group justify="flex-end" gap="xs" mt="xs">
              <Button size="xs" variant="default" onClick={() => f.setAdding(false)}>
                Cancel
              </Button>
              <Button size="xs" onClick={f.addRecipient} disabled={!f.contact}>
                Save recipient
              </Button>
            </Group>
          </Paper>
        )}
        {problems.Recipients && (
          <Text size="xs" c="red" mb={4} role="alert" data-field-error="Recipients">
            {problems.Recipients}
          </Text>
        )}
        <Stack gap={4} data-testid="recipients">
          {draft.Recipients.length === 0 ? (
            <Text size="xs" c="dimmed">
              No recipients: matches are kept and shown on the workflow board, but nobody is alerted.
            </Text>
          ) : (
            draft.Recipients.map((r) => (
              <Group key={r.ContactId} gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm" style={{ minWidth: 0, wordBreak: 'break-word' }}>
                  {r.Name}{' '}
                  <Text span size="xs" c="dimmed">
                    {RECIPIENT_TYPE_LABELS[r.WordBinRecipientTypeId]}
                  </Text>
                </Text>
                {!disabled && (
                  <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`Remove recipient ${r.Name}`} onClick={() => f.removeRecipient(r.ContactId)}>
                    <IconX size={14} />
                  </ActionIcon>
                )}
              </Group>
            ))
          )}
        </Stack>
      </Box>
    </Stack>
  );
}
