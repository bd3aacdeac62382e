import { Button, Modal, Stack, Text } from '@mantine/core';
import type { SubBin } from '@listening/contract';
import { useState } from 'react';
import { toast } from '../../../ui/toast.ts';
import { useUpdateBinRules } from '../api/mutations.ts';
import { errorText } from './BinFormModal.tsx';
import { RulesEditor, toDraft, toRules, type RuleDraft } from './RulesEditor.tsx';
import { FormFooter } from './FormFooter.tsx';

/** Edit a bin's rules: saved together, each checked by the same parser that matches posts. */
export function RulesModal({ bin, streams, onClose }: { bin: SubBin | null; streams: readonly number[]; onClose: () => void }) {
  return (
    <Modal opened={!!bin} onClose={onClose} title={bin ? `Rules of ${bin.Name}` : ''} centered radius="md" size="xl">
      {bin && <RulesBody key={bin.Id} bin={bin} streams={streams} onClose={onClose} />}
    </Modal>
  );
}

function RulesBody({ bin, streams, onClose }: { bin: SubBin; streams: readonly number[]; onClose: () => void }) {
  const [rules, setRules] = useState<RuleDraft[]>(bin.Rules.length ? bin.Rules.map(toDraft) : [{ kind: 'phrase', expression: '', streamId: null }]);
  const save = useUpdateBinRules();
  const submit = async () => {
    await save.mutateAsync({ binId: bin.Id, rules: toRules(rules) });
    toast.success(`Rules of ${bin.Name} saved`);
    onClose();
  };
  const error = errorText(save.error);
  return (
    <Stack gap="md">
      <RulesEditor value={rules} onChange={setRules} streams={streams} />
      <Text size="xs" c="dimmed">
        Rules file posts collected from now on; posts already stored are not sorted again.
      </Text>
      <FormFooter error={error} errorTitle="Not saved" onCancel={onClose}>
        <Button loading={save.isPending} onClick={() => void submit().catch(() => undefined)}>
          Save rules
        </Button>
      </FormFooter>
    </Stack>
  );
}
