// Report Options (create or edit): name, layout, the layout's templates (4 and 7 hidden),
// streams by the YouTube rule (no LinkedIn for project type 5), recipients from the client's
// contacts and the project's bins. Saving goes on to Generate Report.
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
  draftOf,
  draftProblem,
  newDraft,
  reportStreams,
  templatesFor,
  toggleReportStream,
  withLayout,
  type ReportDraft,
} from '../logic/options.ts';

export function ReportOptionsForm({
  report,
  options,
  clientId,
  projectId,
  projectTypeId,
  kind,
  onSaved,
}: {
  report: Report | null;
  options: ReportOptions | undefined;
  clientId: number;
  projectId: number;
  projectTypeId: number;
  kind: ReportKind;
  onSaved: (r: Report) => void;
}) {
  if (!options) return <Skeleton h={320} />;
  return <Form report={report} options={options} clientId={clientId} projectId={projectId} projectTypeId={projectTypeId} kind={kind} onSaved={onSaved} />;
}

function Form({
  report,
  options,
  clientId,
  projectId,
  projectTypeId,
  kind,
  onSaved,
}: {
  report: Report | null;
  options: ReportOptions;
  clientId: number;
  projectId: number;
  projectTypeId: number;
  kind: ReportKind;
  onSaved: (r: Report) => void;
}) {
  const [draft, setDraft] = useState<ReportDraft>(() => (report ? draftOf(report) : newDraft(options.TemplateOptions)));
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
  const submit = () => {
    const problem = draftProblem(draft);
    if (problem) {
      toast.warning(problem);
      return;
    }
    save.mutate(bodyOf(draft, projectId, kind), { onSuccess: onSaved });
  };

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
        <Button onClick={submit} loading={save.isPending}>
          {draft.Id ? 'Save changes' : 'Save report'}
        </Button>
      </Group>
    </Stack>
  );
}
