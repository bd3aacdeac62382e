// Uploading a CSV file of posts into an input bin, checked in the browser before it is sent.
import { Alert, Anchor, Button, FileInput, List, Modal, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import {
  INPUT_BIN_CSV_COLUMNS,
  INPUT_BIN_CSV_MAX_CHARS,
  INPUT_BIN_CSV_MAX_ERRORS,
  INPUT_BIN_CSV_MAX_ROWS,
  INPUT_BIN_CSV_TEMPLATE,
  readInputBinCsv,
  type CsvReading,
  type SubBin,
} from '@listening/contract';
import { useState } from 'react';
import { toast } from '../../../ui/toast.ts';
import { useUploadBinPosts } from '../api/mutations.ts';
import { errorText } from './BinFormModal.tsx';
import { FormFooter } from './FormFooter.tsx';

/** The template as a file the browser saves. */
function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([INPUT_BIN_CSV_TEMPLATE], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'input-bin-posts.csv';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Upload a CSV file of posts into an input bin: read here first (rows with problems listed), then sent whole. */
export function UploadCsvModal({ bin, onClose }: { bin: SubBin | null; onClose: () => void }) {
  return (
    <Modal opened={!!bin} onClose={onClose} title={bin ? `Upload posts to ${bin.Name}` : ''} centered radius="md" size="lg">
      {bin && <UploadBody key={bin.Id} bin={bin} onClose={onClose} />}
    </Modal>
  );
}

function UploadBody({ bin, onClose }: { bin: SubBin; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [reading, setReading] = useState<CsvReading | null>(null);
  const upload = useUploadBinPosts();

  const choose = async (f: File | null) => {
    setFile(f);
    upload.reset();
    if (!f) return (setCsv(null), setReading(null));
    const text = f.size > INPUT_BIN_CSV_MAX_CHARS * 4 ? 'x'.repeat(INPUT_BIN_CSV_MAX_CHARS + 1) : await f.text();
    setCsv(text);
    setReading(readInputBinCsv(text));
  };
  const send = async () => {
    if (csv === null) return;
    const r = await upload.mutateAsync({ binId: bin.Id, csv });
    toast.success(`${r.Added} ${r.Added === 1 ? 'post' : 'posts'} added to ${bin.Name}${r.AlreadyInBin ? ` (${r.AlreadyInBin} already there)` : ''}`);
    onClose();
  };
  const problems = reading?.problems ?? [];
  const error = errorText(upload.error);

  return (
    <Stack gap="sm">
      <Text size="sm">
        A CSV file with a header row. Up to {INPUT_BIN_CSV_MAX_ROWS.toLocaleString('en-US')} posts per file; if any row has a problem, nothing is added.{' '}
        <Anchor component="button" type="button" size="sm" onClick={downloadTemplate}>
          <IconDownload size={13} /> Download the template
        </Anchor>
      </Text>
      <Table withTableBorder fz="xs" verticalSpacing={4}>
        <Table.Tbody>
          {INPUT_BIN_CSV_COLUMNS.map((c) => (
            <Table.Tr key={c.name}>
              <Table.Td fw={600} w={100}>
                {c.name}
                {c.required ? ' *' : ''}
              </Table.Td>
              <Table.Td c="dimmed">{c.help}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <FileInput
        label="File"
        placeholder="Choose a .csv file"
        accept=".csv,text/csv"
        leftSection={<IconFileTypeCsv size={16} />}
        value={file}
        onChange={(f) => void choose(f)}
        clearable
      />
      {reading && problems.length === 0 && (
        <Alert color="teal" variant="light" data-testid="csv-ready">
          {reading.rows.length} {reading.rows.length === 1 ? 'post is' : 'posts are'} ready to add.
        </Alert>
      )}
      {problems.length > 0 && (
        <Alert color="red" variant="light" title="This file cannot be added" data-testid="csv-problems">
          <List size="sm" spacing={2}>
            {problems.slice(0, INPUT_BIN_CSV_MAX_ERRORS).map((p, i) => (
              <List.Item key={i}>{p.row === null ? p.message : `Row ${p.row}: ${p.message}`}</List.Item>
            ))}
          </List>
          {problems.length > INPUT_BIN_CSV_MAX_ERRORS && <Text size="sm">… and {problems.length - INPUT_BIN_CSV_MAX_ERRORS} more.</Text>}
        </Alert>
      )}
      <FormFooter error={error} errorTitle="Nothing was added" onCancel={onClose}>
        <Button loading={upload.isPending} disabled={!reading || problems.length > 0} onClick={() => void send().catch(() => undefined)}>
          Add {reading?.rows.length ?? ''} posts
        </Button>
      </FormFooter>
    </Stack>
  );
}
