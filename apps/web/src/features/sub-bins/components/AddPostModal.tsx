import { Button, Modal, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { LISTING_BODY_MAX, MANUAL_AUTHOR_MAX, type SubBin } from '@listening/contract';
import { useState, type FormEvent } from 'react';
import { streamName } from '../../../ui/StreamIcon.tsx';
import { toast } from '../../../ui/toast.ts';
import { useAddBinPost } from '../api/mutations.ts';
import { errorText } from './BinFormModal.tsx';
import { useTimeZone, wallNow } from '../../../ui/time.ts';
import { FormFooter } from './FormFooter.tsx';

/** Add one post to an input bin by hand: network, author, date, text, link. */
export function AddPostModal({ bin, streams, onClose }: { bin: SubBin | null; streams: readonly number[]; onClose: () => void }) {
  return (
    <Modal opened={!!bin} onClose={onClose} title={bin ? `Add a post to ${bin.Name}` : ''} centered radius="md" size="lg">
      {bin && <AddPostBody key={bin.Id} bin={bin} streams={streams} onClose={onClose} />}
    </Modal>
  );
}

function AddPostBody({ bin, streams, onClose }: { bin: SubBin; streams: readonly number[]; onClose: () => void }) {
  const [streamId, setStreamId] = useState(String(streams[0] ?? ''));
  const [author, setAuthor] = useState('');
  // The client's wall clock, which the server reads the date in.
  const timeZone = useTimeZone();
  const [date, setDate] = useState(() => wallNow(timeZone).format('YYYY-MM-DDTHH:mm'));
  const [text, setText] = useState('');
  const [link, setLink] = useState('');
  const add = useAddBinPost();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = await add.mutateAsync({ binId: bin.Id, streamId: Number(streamId), author, datePosted: date, text, link: link.trim() || undefined });
    if (r.Added) toast.success(`Post added to ${bin.Name}`);
    else toast.warning(`${bin.Name} already holds this post`);
    onClose();
  };
  const error = errorText(add.error);
  return (
    <form onSubmit={(e) => void submit(e).catch(() => undefined)}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Network"
            required
            data={streams.map((s) => ({ value: String(s), label: streamName(s) }))}
            value={streamId}
            onChange={(v) => v && setStreamId(v)}
            allowDeselect={false}
          />
          <TextInput
            label="Date posted"
            description="In the client's time zone"
            type="datetime-local"
            required
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
          />
        </SimpleGrid>
        <TextInput
          label="Author"
          description="A name or @handle"
          required
          maxLength={MANUAL_AUTHOR_MAX}
          value={author}
          onChange={(e) => setAuthor(e.currentTarget.value)}
        />
        <Textarea
          label="Text"
          required
          autosize
          minRows={3}
          maxRows={10}
          maxLength={LISTING_BODY_MAX}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <TextInput label="Link" placeholder="https://…" type="url" value={link} onChange={(e) => setLink(e.currentTarget.value)} />
        <FormFooter error={error} errorTitle="Not added" onCancel={onClose}>
          <Button type="submit" loading={add.isPending} disabled={!author.trim() || !text.trim() || !date}>
            Add post
          </Button>
        </FormFooter>
      </Stack>
    </form>
  );
}
