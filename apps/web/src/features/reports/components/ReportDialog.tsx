// The report dialog of Stats Analysis and Trend Analysis (docs/spec/002_6c80e0f7cd09047f.txt section 2.2): six sections, a
// footer (Saved Reports, Schedule List, Request Log, Done) and a back control in the header.
// Opening it loads the report options, the contacts and the reports. Saving options goes to
// Generate Report, generating to the Request Log, scheduling to the Schedule List. Leaving Report
// Options or Add Schedule with changes not saved (Done, close, back, a footer section) asks first.
import { ActionIcon, Box, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReportKind } from '@listening/contract';
import { useReducer, useRef } from 'react';
import type { ProjectDialogProps } from '../../../project/dialogs.ts';
import { useProjectContext } from '../../../project/context.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { useReportOptions } from '../api/get-report-options.ts';
import { useReportRecipients } from '../api/get-report-choices.ts';
import { useReportSchedules } from '../api/get-report-schedules.ts';
import { useReports } from '../api/get-reports.ts';
import type { ReportScope } from '../api/keys.ts';
import { SECTION_TITLES, back, go, initialState, type DialogPlace, type DialogState, type Section } from '../logic/sections.ts';
import { AddSchedule } from './AddSchedule.tsx';
import { GenerateReport } from './GenerateReport.tsx';
import { ReportOptionsForm } from './ReportOptionsForm.tsx';
import { RequestLog } from './RequestLog.tsx';
import { SavedReports } from './SavedReports.tsx';
import { ScheduleList } from './ScheduleList.tsx';
import { useLeaveGuard, type UnsavedForm } from './UnsavedChanges.tsx';

const KIND_TITLES: Record<ReportKind, string> = { stats: 'Stats Analysis', trend: 'Trend Analysis' };
const FOOTER: Section[] = ['saved', 'schedules', 'log'];

type Action = { type: 'go'; place: DialogPlace } | { type: 'back' };
const reducer = (state: DialogState, action: Action): DialogState => (action.type === 'back' ? back(state) : go(state, action.place));

export function ReportDialog({ kind: dialogKind, clientId, projectId, onClose }: ProjectDialogProps) {
  const kind: ReportKind = dialogKind === 'trend-report' ? 'trend' : 'stats';
  const { project } = useProjectContext();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const [state, dispatch] = useReducer(reducer, initialState);
  const { place } = state;
  const to = (section: Section, extra: Partial<DialogPlace> = {}) => dispatch({ type: 'go', place: { section, report: null, schedule: null, ...extra } });
  const scope: ReportScope = { clientId, projectId, kind };
  const options = useReportOptions();
  // Loaded on opening, so Report Options has the recipients at hand.
  useReportRecipients(clientId);
  const schedules = useReportSchedules(scope);
  const reports = useReports(scope);
  const unsaved = useRef<UnsavedForm | null>(null);
  const { leave, question } = useLeaveGuard(unsaved, SECTION_TITLES[place.section]);
  const close = () => leave(onClose);
  // The report Add Schedule sends: the one it was opened with, or the schedule's own.
  const scheduleReport = place.report ?? reports.data?.find((r) => r.Id === place.schedule?.ReportId);

  const title = (
    <Group gap="xs" wrap="nowrap">
      <ActionIcon variant="subtle" color="gray" aria-label="Back" disabled={state.history.length === 0} onClick={() => leave(() => dispatch({ type: 'back' }))}>
        <IconArrowLeft size={18} />
      </ActionIcon>
      <Box miw={0}>
        <Text size="xs" c="dimmed" lh={1.2}>
          {KIND_TITLES[kind]} · {project.Description}
        </Text>
        <Text fw={700} lh={1.3} data-testid="report-section">
          {SECTION_TITLES[place.section]}
        </Text>
      </Box>
    </Group>
  );

  return (
    <Modal opened onClose={close} title={title} size="xl" radius="md" fullScreen={phone} aria-label={KIND_TITLES[kind]}>
      <Stack gap="md">
        <Box mih={phone ? undefined : 280}>
          {place.section === 'saved' && (
            <SavedReports
              scope={scope}
              options={options.data}
              onNew={() => to('options')}
              onEdit={(report) => to('options', { report })}
              onGenerate={(report) => to('generate', { report })}
              onSchedule={(report) => to('schedule', { report })}
            />
          )}
          {place.section === 'options' && (
            <ReportOptionsForm
              key={place.report?.Id ?? 'new'}
              report={place.report}
              options={options.data}
              clientId={clientId}
              projectId={projectId}
              projectTypeId={project.ProjectTypeId}
              kind={kind}
              scheduled={!!place.report && !!schedules.data?.some((s) => s.ReportId === place.report?.Id)}
              guard={unsaved}
              onSaved={(report) => {
                // Opened from Add Schedule to choose recipients: back to the schedule; otherwise on to Generate Report.
                const from = state.history.at(-1);
                if (from?.section === 'schedule') to('schedule', { report, schedule: from.schedule });
                else to('generate', { report });
              }}
            />
          )}
          {place.section === 'generate' && place.report && (
            <GenerateReport report={place.report} scope={scope} timeZone={project.TimeZone} onGenerated={() => to('log')} />
          )}
          {place.section === 'schedule' && (place.report || place.schedule) && (
            <AddSchedule
              key={place.schedule?.Id ?? `report-${place.report?.Id}`}
              reportId={place.report?.Id ?? place.schedule!.ReportId}
              reportName={place.report?.Name ?? place.schedule!.ReportName}
              recipientIds={scheduleReport?.RecipientIds}
              clientId={clientId}
              schedule={place.schedule}
              options={options.data}
              timeZone={project.TimeZone}
              guard={unsaved}
              onRecipients={() => leave(() => scheduleReport && to('options', { report: scheduleReport }))}
              onScheduled={() => to('schedules')}
            />
          )}
          {place.section === 'schedules' && <ScheduleList scope={scope} onEdit={(schedule) => to('schedule', { schedule })} />}
          {place.section === 'log' && <RequestLog scope={scope} />}
        </Box>
        {/* Sticky, so the footer's sections and Done stay at hand below a long list. */}
        <Box
          component="footer"
          aria-label="Report sections"
          pt="sm"
          pb="md"
          mb="-md"
          style={{ position: 'sticky', bottom: 0, zIndex: 2, background: 'var(--mantine-color-body)', borderTop: '1px solid var(--mantine-color-gray-3)' }}
        >
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={6} verticalSpacing={6}>
            {FOOTER.map((section) => (
              <Button
                key={section}
                size={phone ? 'compact-md' : 'sm'}
                variant={place.section === section ? 'light' : 'default'}
                aria-current={place.section === section ? 'page' : undefined}
                onClick={() => leave(() => to(section))}
              >
                {SECTION_TITLES[section]}
              </Button>
            ))}
            <Button size={phone ? 'compact-md' : 'sm'} onClick={close}>
              Done
            </Button>
          </SimpleGrid>
        </Box>
      </Stack>
      {question}
    </Modal>
  );
}
