// Admins: a project's competitors (other projects of the same client), with Remove on each and a
// picker of the client's other projects to add. Used in the project's cog (the project list) and on
// the Competitor tracking screen.
import { Button, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { MAX_COMPETITORS } from '@listening/contract';
import { useState } from 'react';
import { RemoveButton } from '../../ui/RemoveButton.tsx';
import { toast } from '../../ui/toast.ts';
import { useChangeCompetitor, useCompetitorSettings } from '../api/competitor-settings.ts';

export function CompetitorSettings({ projectId, projectName }: { projectId: number; projectName: string }) {
  const settings = useCompetitorSettings(projectId);
  const add = useChangeCompetitor(projectId, 'add');
  const remove = useChangeCompetitor(projectId, 'remove');
  const [picked, setPicked] = useState<string | null>(null);
  if (settings.isPending) return <Skeleton h={120} />;
  if (settings.isError) return <Text c="dimmed">The competitors could not be loaded; the error was shown at the top right.</Text>;
  const { Competitors, Candidates } = settings.data;
  const full = Competitors.length >= MAX_COMPETITORS;
  return (
    <Stack gap="sm" data-testid="competitor-settings">
      <Text size="sm" c="dimmed">
        Competitors of {projectName} are other projects of this client; the Competitor tracking donut compares their posts with this project’s.
      </Text>
      {Competitors.length === 0 ? (
        <Text size="sm" fs="italic" data-testid="no-competitors">
          No competitors yet.
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {Competitors.map((c) => (
            <Group key={c.BinId} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" truncate>
                {c.Name}
              </Text>
              <RemoveButton
                tooltip="Remove competitor"
                label={`Remove ${c.Name}`}
                loading={remove.isPending && remove.variables === c.BinId}
                onClick={() => remove.mutate(c.BinId, { onSuccess: () => toast.success(`${c.Name} removed from the competitors`) })}
              />
            </Group>
          ))}
        </Stack>
      )}
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Select
          style={{ flex: 1 }}
          label="Add a competitor"
          placeholder={Candidates.length ? 'Choose a project' : 'No other projects of this client'}
          data={Candidates.map((c) => ({ value: String(c.BinId), label: c.Name }))}
          value={picked}
          onChange={setPicked}
          disabled={!Candidates.length || full}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <Button
          disabled={!picked || full}
          loading={add.isPending}
          onClick={() =>
            picked &&
            add.mutate(Number(picked), {
              onSuccess: () => {
                toast.success(`${Candidates.find((c) => String(c.BinId) === picked)?.Name ?? 'The project'} added as a competitor`);
                setPicked(null);
              },
            })
          }
        >
          Add
        </Button>
      </Group>
      {full && <Text size="xs" c="dimmed">{`A project has at most ${MAX_COMPETITORS} competitors; remove one to add another.`}</Text>}
    </Stack>
  );
}
