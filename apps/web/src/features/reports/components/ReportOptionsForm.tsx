// Report Options (create or edit): name, layout, the layout's templates (4 and 7 hidden),
// streams by the YouTube rule (no LinkedIn for project type 5), recipients from the client's
// contacts and the project's bins. Saving goes on to Generate Report. A scheduled report keeps at
// least one recipient. Leaving with changes not saved asks first (UnsavedChanges.tsx).
import { Alert, Button, Checkbox, Group, MultiSelect, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { REPORT_MESSAGES, REPORT_NAME_MAX, type Report, type ReportKind, type ReportOptions } from '@listening/contract';
import { useState } from 'react';
import { StreamIcon, streamName } from '../../../ui/StreamIcon.tsx';
import { toast } from '../../../ui/toast.ts';
import { useReportBins, useReportRecipients } from '../api/get-report-choices.ts';
import { useSaveReport } from '../api/save-report.ts';
import { errorText } from '../errors.ts';
import {
  binChoices,
  bodyOf,
  draftChanged,
  draftOf,
  draftProblem,
  newDraft,
  reportStreams,
  templatesFor,
  toggleReportStream,
  withLayout,
  type ReportDraft,
} from '../logic/options.ts';
import { useUnsavedForm, type UnsavedRef } from './UnsavedChanges.tsx';

interface FormProps {
  report: Report | null;
  clientId: number;
  projectId: number;
  projectTypeId: number;
  kind: ReportKind;
  /** The report has a schedule, so it keeps at least one recipient. */
  scheduled: boolean;
  /** Where the dialog asks whether there are changes to save before it moves on. */
  guard?: UnsavedRef;
  onSaved: (r: Report) => void;
}

export function ReportOptionsForm({ options, ...props }: FormProps & { options: ReportOptions | undefined }) {
  if (!options) return <Skeleton h={320} />;
  return <Form options={options} {...props} />;
}

function Form({ report, options, clientId, projectId, projectTypeId, kind, scheduled, guard, onSaved }: FormProps & { options: ReportOptions }) {
  const [initial] = useState<ReportDraft>(() => (report ? draftOf(report) : newDraft(options.TemplateOptions)));
  const [draft, setDraft] = useState<ReportDraft>(initial);
  const [tried, setTried] = useState(false);
  const [ruleNote, setRuleNote] = useState(false);
  const recipients = useReportRecipients(clientId);
  const bins = useReportBins(clientId, projectId);
  const save = useSaveReport();
  const set = <K extends keyof ReportDraft>(key: K, value: ReportDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const templates = templatesFor(options.TemplateOptions, draft.LayoutId);
  const streams = reportStreams(projectTypeId);
  const onStream = (id: number) => {
    const next = toggleReportStream(draft.StreamIds, id);
    // The rule took streams away: say why, where the user is looking.
    setRuleNote(next.cleared.length > 0);
    set('StreamIds', next.streams);
  };
  /** Saves the draft; null when a problem (said in a toast and beside its field) or the server refused it. */
  const saveDraft = async (): Promise<Report | null> => {
    setTried(true);
    const problem = draftProblem(draft, scheduled);
    if (problem) {
      toast.warning(problem);
      return null;
    }
    return save.mutateAsync(bodyOf(draft, projectId, kind)).catch(() => null);
  };
  const submit = async () => {
    const saved = await saveDraft();
    if (saved) onSaved(saved);
  };
  useUnsavedForm(guard, { dirty: () => draftChanged(initial, draft), save: async () => !!(await saveDraft()) });
  const recipientProblem = scheduled && draft.RecipientIds.length === 0 && (tried || initial.RecipientIds.length > 0) ? REPORT_MESSAGES.noRecipient : null;

  const recipientData = (recipients.data ?? []).map((c) => ({
    value: String(c.ClientContactId),
    label: `${`${c.Name} ${c.Surname}`.trim()} (${c.Email})`,
  }));
  const binData = binChoices(bins.data ?? []);

  return (
    <Stack gap="md">
      <TextInput
        label="Report name"
        placeholder="e.g. Weekly brand summary"
        required
        maxLength={REPORT_NAME_MAX}
        value={draft.Name}
        onChange={(e) => set('Name', e.currentTarget.value)}
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label="Layout"
          allowDeselect={false}
          data={options.LayoutOptions.map((l) => ({ value: String(l.Id), label: l.Description }))}
          value={String(draft.LayoutId)}
          onChange={(v) => v && setDraft((d) => withLayout(d, Number(v), options.TemplateOptions))}
          comboboxProps={{ withinPortal: true }}
        />
        <Checkbox.Group
          label="Templates"
          value={draft.TemplateIds.map(String)}
          onChange={(v) => set('TemplateIds', v.map(Number))}
          description="The sections the document holds"
        >
          <Stack gap={6} mt={6}>
            {templates.map((t) => (
              <Checkbox key={t.Id} value={String(t.Id)} label={t.Name} />
            ))}
          </Stack>
        </Checkbox.Group>
      </SimpleGrid>
      <Stack gap={6}>
        <Text size="sm" fw={500} id="report-streams-label">
          Streams
        </Text>
        <Group gap="md" role="group" aria-labelledby="report-streams-label">
          {streams.map((s) => (
            <Checkbox
              key={s}
              checked={draft.StreamIds.includes(s)}
              onChange={() => onStream(s)}
              label={
                <Group gap={4} wrap="nowrap">
                  <StreamIcon streamId={s} size={14} />
                  {streamName(s)}
                </Group>
              }
              aria-label={streamName(s)}
            />
          ))}
        </Group>
        {ruleNote && (
          <Text size="xs" c="orange.8" data-testid="youtube-rule">
            <IconAlertTriangle size={12} style={{ verticalAlign: 'middle' }} /> {REPORT_MESSAGES.youtubeAlone}
          </Text>
        )}
      </Stack>
      <MultiSelect
        label="Recipients"
        description="Contacts of the client who receive the report when it is sent or scheduled"
        placeholder={recipientData.length ? 'Choose contacts' : 'No contacts'}
        searchable
        data={recipientData}
        value={draft.RecipientIds.map(String)}
        onChange={(v) => set('RecipientIds', v.map(Number))}
        comboboxProps={{ withinPortal: true }}
        nothingFoundMessage="No contact of that name"
        error={recipientProblem && `${recipientProblem}: this report is scheduled, and its schedule sends to them`}
      />
      <MultiSelect
        label="Bins"
        description="Narrow the report to some of the project's bins; none covers the whole project"
        placeholder={binData.length ? 'Whole project' : 'This project has no bins'}
        searchable
        disabled={binData.length === 0}
        data={binData}
        value={draft.BinIds.map(String)}
        onChange={(v) => set('BinIds', v.map(Number))}
        comboboxProps={{ withinPortal: true }}
      />
      {save.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(save.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={() => void submit()} loading={save.isPending}>
          {draft.Id ? 'Save changes' : 'Save report'}
        </Button>
      </Group>
    </Stack>
  );
}
