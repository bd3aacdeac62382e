// Saves a narrative's phrases as a word bin (docs/narratives.md, "Save as a word bin"): the user
// picks a reaction or crisis list and a name; the phrases become its OR keywords, and the word
// bins' own operation creates it (its rules, recipients and alerts are edited on its screen).
import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { KEYWORD_OPERATORS, WORD_BIN_DEFAULT_DAYS, WORD_BIN_TYPE, type Narrative } from '@listening/contract';
import { useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { toast } from '../../../ui/toast.ts';
import { useSaveAsWordBin } from '../api/narratives.ts';

/** How often a list made here sends its digest (a word bin's interval, minutes); changed on its screen. */
const INTERVAL = 60;

export function SaveAsWordBin({ projectId, narrative, onDone }: { projectId: number; narrative: Narrative; onDone: () => void }) {
  const phrases = narrative.Label.map((l) => l.Phrase);
  const [name, setName] = useState(phrases.join(', ').slice(0, 200));
  const [type, setType] = useState<string>(String(WORD_BIN_TYPE.Reaction));
  const save = useSaveAsWordBin();
  const submit = () => {
    const start = new Date();
    save.mutate(
      {
        ProjectId: projectId,
        Description: name,
        WordBinTypeId: Number(type),
        NotificationInterval: INTERVAL,
        StartDate: start.toISOString(),
        StopDate: new Date(start.getTime() + WORD_BIN_DEFAULT_DAYS * 86_400_000).toISOString(),
        Keywords: phrases.map((Value) => ({ Value, OperatorId: KEYWORD_OPERATORS.OR })),
      },
      {
        onSuccess: (bin) => {
          toast.success(`${bin.WordBinTypeId === WORD_BIN_TYPE.Crisis ? 'Crisis' : 'Reaction'} list '${bin.Description}' saved`);
          onDone();
        },
      },
    );
  };
  return (
    <Stack gap={6} mt="xs" data-testid="save-as-word-bin">
      <Text size="xs" c="dimmed">
        A list whose keywords are this narrative&apos;s phrases ({phrases.join(' OR ')}); its recipients and interval are set on its own screen.
      </Text>
      <SegmentedControl
        size="xs"
        value={type}
        onChange={setType}
        data={[
          { value: String(WORD_BIN_TYPE.Reaction), label: 'Reaction list' },
          { value: String(WORD_BIN_TYPE.Crisis), label: 'Crisis list' },
        ]}
      />
      <TextInput size="xs" label="List name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
      {save.error && (
        <Text size="xs" c="red">
          {save.error instanceof ApiError ? (save.error.serverMessage ?? save.error.message) : 'The list could not be saved; try again.'}
        </Text>
      )}
      <Group justify="flex-end" gap="xs">
        <Button size="xs" variant="subtle" onClick={onDone}>
          Cancel
        </Button>
        <Button size="xs" onClick={submit} loading={save.isPending}>
          Save list
        </Button>
      </Group>
    </Stack>
  );
}
