// Creating or renaming a sub-bin (its name, its place in the tree and its rules).
import { Button, Modal, Select, Stack, TextInput } from '@mantine/core';
import { BIN_NAME_MAX, SUB_BIN_DEPTH_MAX, type SubBin } from '@listening/contract';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/client.ts';
import { toast } from '../../../ui/toast.ts';
import type { BinKind } from '../kinds.ts';
import { useCreateSubBin, useRenameSubBin } from '../api/mutations.ts';
import { RulesEditor, toRules, type RuleDraft } from './RulesEditor.tsx';
import { FormFooter } from './FormFooter.tsx';

export const errorText = (err: unknown) => (err instanceof ApiError ? (err.serverMessage ?? err.message) : err instanceof Error ? err.message : null);

export type BinForm = { mode: 'create'; parentId: number | null } | { mode: 'rename'; bin: SubBin };

type BinFormProps = {
  form: BinForm | null;
  kind: BinKind;
  projectId: number;
  bins: readonly SubBin[];
  streams: readonly number[];
  onClose: () => void;
};

/** Create a bin (name, where, rules) or rename one. */
export function BinFormModal({ form, ...props }: BinFormProps) {
  const { kind, onClose } = props;
  return (
    <Modal
      opened={!!form}
      onClose={onClose}
      title={form?.mode === 'rename' ? `Rename ${form.bin.Name}` : `New ${kind.one}`}
      centered
      radius="md"
      size={form?.mode === 'create' ? 'xl' : 'md'}
    >
      {form && <BinFormBody key={form.mode === 'rename' ? form.bin.Id : `new-${form.parentId}`} form={form} {...props} />}
    </Modal>
  );
}

function BinFormBody({ form, kind, projectId, bins, streams, onClose }: BinFormProps & { form: BinForm }) {
  const [name, setName] = useState(form.mode === 'rename' ? form.bin.Name : '');
  const [parentId, setParentId] = useState<number | null>(form.mode === 'create' ? form.parentId : null);
  const [rules, setRules] = useState<RuleDraft[]>([{ kind: 'phrase', expression: '', streamId: null }]);
  const create = useCreateSubBin();
  const rename = useRenameSubBin();
  const busy = create.isPending || rename.isPending;
  const error = errorText(create.error ?? rename.error);
  const parents = bins.filter((b) => b.Depth < SUB_BIN_DEPTH_MAX);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (form.mode === 'rename') {
      await rename.mutateAsync({ binId: form.bin.Id, name });
      toast.success(`Renamed to ${name.trim()}`);
    } else {
      const bin = await create.mutateAsync({ projectId, parentId, name, binTypeId: kind.binTypeId, rules: toRules(rules) });
      toast.success(`${bin.Name} created`);
    }
    onClose();
  };

  return (
    <form onSubmit={(e) => void submit(e).catch(() => undefined)}>
      <Stack gap="md">
        <TextInput label="Name" required data-autofocus maxLength={BIN_NAME_MAX} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        {form.mode === 'create' && (
          <>
            <Select
              label="Inside"
              data={[
                { value: '', label: 'The project (top level)' },
                ...parents.map((b) => ({ value: String(b.Id), label: `${'  '.repeat(b.Depth - 1)}${b.Name}` })),
              ]}
              value={parentId === null ? '' : String(parentId)}
              onChange={(v) => setParentId(v ? Number(v) : null)}
              allowDeselect={false}
            />
            <RulesEditor value={rules} onChange={setRules} streams={streams} />
          </>
        )}
        <FormFooter error={error} errorTitle="Not saved" onCancel={onClose}>
          <Button type="submit" loading={busy} disabled={!name.trim()}>
            {form.mode === 'rename' ? 'Rename' : 'Create'}
          </Button>
        </FormFooter>
      </Stack>
    </form>
  );
}
