// The admins' form for a tutorial: where it shows, its steps, documents and videos.
import { ActionIcon, Button, Divider, FileButton, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Title, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import {
  MENTOR_DESCRIPTION_MAX,
  MENTOR_PAGE_LOCATION_MAX,
  MENTOR_STEP_BODY_MAX,
  MENTOR_STEPS_MAX,
  MENTOR_TITLE_MAX,
  type MentorFile,
  type Platform,
  type SaveTutorialBody,
  type TutorialDetail,
} from '@listening/contract';
import { useState } from 'react';
import { toast } from '../../../ui/toast.ts';
import { useSaveTutorial, useUploadMentorFile } from '../api/manage.ts';
import { DialogActions } from '../../../ui/DialogActions.tsx';
import { RemoveButton } from '../../../ui/RemoveButton.tsx';

type Attachment = { Title: string; FileName: string };
type Draft = Omit<SaveTutorialBody, 'PageLocation'> & { PageLocation: string };

const emptyDraft = (platformId: number): Draft => ({
  Id: null,
  PlatformId: platformId,
  Title: '',
  Description: '',
  PageLocation: '',
  IsActive: false,
  Steps: [{ Title: '', Body: '' }],
  Documents: [],
  Videos: [],
});

const draftOf = (t: TutorialDetail): Draft => ({
  Id: t.Id,
  PlatformId: t.PlatformId,
  Title: t.Title,
  Description: t.Description,
  PageLocation: t.PageLocation ?? '',
  IsActive: t.IsActive,
  Steps: t.Steps.map((s) => ({ Title: s.Title, Body: s.Body })),
  Documents: t.Documents.map((d) => ({ Title: d.Title, FileName: d.FileName })),
  Videos: t.Videos.map((v) => ({ Title: v.Title, FileName: v.FileName })),
});

const move = <T,>(list: T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
};

/** A list of documents or of videos: each a title and one of the uploaded files of that kind. */
function AttachmentList({
  label,
  kind,
  items,
  files,
  onChange,
}: {
  label: string;
  kind: 'document' | 'video';
  items: Attachment[];
  files: MentorFile[];
  onChange: (a: Attachment[]) => void;
}) {
  const choices = files.filter((f) => f.Kind === kind).map((f) => ({ value: f.FileName, label: f.FileName }));
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...items, { Title: '', FileName: choices[0]?.value ?? '' }])}
          disabled={!choices.length}
        >
          Add {kind}
        </Button>
      </Group>
      {!choices.length && (
        <Text size="xs" c="dimmed">
          Upload a {kind === 'document' ? 'PDF' : 'video'} first.
        </Text>
      )}
      {items.map((a, i) => (
        <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label="Title"
            value={a.Title}
            maxLength={MENTOR_TITLE_MAX}
            style={{ flex: 1 }}
            onChange={(e) => onChange(items.map((x, k) => (k === i ? { ...x, Title: e.currentTarget.value } : x)))}
          />
          <Select
            label="File"
            data={choices}
            value={a.FileName || null}
            allowDeselect={false}
            style={{ flex: 1 }}
            onChange={(v) => onChange(items.map((x, k) => (k === i ? { ...x, FileName: v ?? '' } : x)))}
          />
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove ${kind} ${i + 1}`} onClick={() => onChange(items.filter((_, k) => k !== i))}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}

/** The admins' form for one tutorial: saved whole (steps, documents and videos together) or not at all. */
export function TutorialEditor({
  tutorial,
  platforms,
  files,
  onDone,
}: {
  tutorial: TutorialDetail | null;
  platforms: Platform[];
  files: MentorFile[];
  onDone: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => (tutorial ? draftOf(tutorial) : emptyDraft(platforms[0]?.Id ?? 1)));
  const save = useSaveTutorial();
  const upload = useUploadMentorFile();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setStep = (i: number, patch: Partial<Draft['Steps'][number]>) =>
    set(
      'Steps',
      draft.Steps.map((s, k) => (k === i ? { ...s, ...patch } : s)),
    );

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { ...draft, PageLocation: draft.PageLocation.trim() || null },
          {
            onSuccess: () => {
              toast.success('Tutorial saved');
              onDone();
            },
          },
        );
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Title" required value={draft.Title} maxLength={MENTOR_TITLE_MAX} onChange={(e) => set('Title', e.currentTarget.value)} />
          <Select
            label="Platform"
            data={platforms.map((p) => ({ value: String(p.Id), label: p.Name }))}
            value={String(draft.PlatformId)}
            allowDeselect={false}
            onChange={(v) => set('PlatformId', Number(v))}
          />
        </SimpleGrid>
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxLength={MENTOR_DESCRIPTION_MAX}
          value={draft.Description}
          onChange={(e) => set('Description', e.currentTarget.value)}
        />
        <TextInput
          label="Page location"
          description="Where 'Help for this screen' offers it: a path of the app, * for one part (e.g. /client/*/project/*/reaction-lists). Empty: listed under Tutorials only."
          placeholder="/client/*/project/*"
          maxLength={MENTOR_PAGE_LOCATION_MAX}
          value={draft.PageLocation}
          onChange={(e) => set('PageLocation', e.currentTarget.value)}
        />
        <Switch label="Active (contacts see it)" checked={draft.IsActive} onChange={(e) => set('IsActive', e.currentTarget.checked)} />

        <Divider label="Steps" labelPosition="left" mt="xs" />
        {draft.Steps.map((s, i) => (
          <Stack key={i} gap={6} p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
            <Group justify="space-between">
              <Title order={4} size="h6">
                Step {i + 1}
              </Title>
              <Group gap={2}>
                <Tooltip label="Move up" withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Move step ${i + 1} up`}
                    disabled={i === 0}
                    onClick={() => set('Steps', move(draft.Steps, i, i - 1))}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Move down" withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Move step ${i + 1} down`}
                    disabled={i === draft.Steps.length - 1}
                    onClick={() => set('Steps', move(draft.Steps, i, i + 1))}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                </Tooltip>
                <RemoveButton
                  tooltip={draft.Steps.length === 1 ? 'A tutorial needs at least one step' : 'Remove step'}
                  label={`Remove step ${i + 1}`}
                  disabled={draft.Steps.length === 1}
                  onClick={() =>
                    set(
                      'Steps',
                      draft.Steps.filter((_, k) => k !== i),
                    )
                  }
                />
              </Group>
            </Group>
            <TextInput
              label="Step title"
              required
              value={s.Title}
              maxLength={MENTOR_TITLE_MAX}
              onChange={(e) => setStep(i, { Title: e.currentTarget.value })}
            />
            <Textarea
              label="What to do"
              autosize
              minRows={2}
              maxLength={MENTOR_STEP_BODY_MAX}
              value={s.Body}
              onChange={(e) => setStep(i, { Body: e.currentTarget.value })}
            />
          </Stack>
        ))}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={draft.Steps.length >= MENTOR_STEPS_MAX}
          onClick={() => set('Steps', [...draft.Steps, { Title: '', Body: '' }])}
          style={{ alignSelf: 'flex-start' }}
        >
          Add step
        </Button>

        <Divider label="Documents and videos" labelPosition="left" mt="xs" />
        <Group justify="space-between" wrap="wrap">
          <Text size="xs" c="dimmed" maw={420}>
            Files are the product's help: anyone with the link can read them. PDF up to 10 MB; MP4 or WebM video up to 25 MB.
          </Text>
          <FileButton
            accept="application/pdf,video/mp4,video/webm"
            onChange={(file) => {
              if (file) upload.mutate(file, { onSuccess: (f) => toast.success(`Uploaded as ${f.FileName}`) });
            }}
          >
            {(props) => (
              <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={14} />} loading={upload.isPending}>
                Upload a file
              </Button>
            )}
          </FileButton>
        </Group>
        {upload.isError && (
          <Text size="sm" c="red">
            {upload.error.message}
          </Text>
        )}
        <AttachmentList label="Documents" kind="document" items={draft.Documents} files={files} onChange={(v) => set('Documents', v)} />
        <AttachmentList label="Videos" kind="video" items={draft.Videos} files={files} onChange={(v) => set('Videos', v)} />

        <DialogActions onCancel={onDone} mt="md">
          <Button type="submit" loading={save.isPending}>
            Save tutorial
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}
