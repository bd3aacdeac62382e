// Post Listing's search, sort and filters above the posts.
import { ActionIcon, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { BRAND_ASSOCIATION_LOOKUP, FAVOURABILITY_LOOKUP, LISTING_SEARCH_MAX, LISTING_SORT_LABELS, LISTING_SORTS, type ListingSort } from '@listening/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { streamName } from '../../../ui/StreamIcon.tsx';
import type { SubBinOption } from '../api/get-sub-bins.ts';
import type { ListingControls as Controls } from '../search.ts';

const ALL = 'all';
const SORT_OPTIONS = LISTING_SORTS.map((s) => ({ value: s, label: LISTING_SORT_LABELS[s] }));
const SENTIMENT_OPTIONS = [{ value: ALL, label: 'Any sentiment' }, ...FAVOURABILITY_LOOKUP.map((f) => ({ value: String(f.Id), label: f.Description }))];
const ASSOCIATION_OPTIONS = [{ value: ALL, label: 'Any association' }, ...BRAND_ASSOCIATION_LOOKUP.map((b) => ({ value: String(b.Id), label: b.Description }))];
const idOrNull = (v: string | null) => (v && v !== ALL ? Number(v) : null);

export interface ListingControlsProps {
  controls: Controls;
  /** The streams of the project's filter: the stream picker narrows to one of them. */
  streams: readonly number[];
  /** The project's sub-bins, or null when the project has no Sort Bins product (no picker then). */
  bins: SubBinOption[] | null;
  bin: number | null;
  /** The client owns Sentiment: the sentiment filter is offered (the posts' own ratings show either way). */
  rated: boolean;
  onChange: (next: Partial<Controls>) => void;
  onBin: (bin: number | null) => void;
}

/** Post Listing's search, sort and filters; they wrap to one column on a phone. */
export function ListingControls({ controls, streams, bins, bin, rated, onChange, onBin }: ListingControlsProps) {
  const [text, setText] = useState(controls.q);
  // A search changed elsewhere (the address, Back) shows in the box.
  useEffect(() => setText(controls.q), [controls.q]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ q: text.trim() });
  };
  const streamOptions = [{ value: ALL, label: 'All streams' }, ...streams.map((s) => ({ value: String(s), label: streamName(s) }))];
  const binOptions = bins ? [{ value: ALL, label: 'The whole project' }, ...bins] : [];
  return (
    <Stack gap="sm" data-testid="listing-controls">
      <form onSubmit={submit} role="search">
        <Group gap={6} wrap="nowrap" align="flex-end">
          <TextInput
            label="Search the posts"
            placeholder="Words in the post or the author's name"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            maxLength={LISTING_SEARCH_MAX}
            leftSection={<IconSearch size={16} />}
            rightSection={
              text ? (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label="Clear the search"
                  onClick={() => {
                    setText('');
                    onChange({ q: '' });
                  }}
                >
                  <IconX size={14} />
                </ActionIcon>
              ) : null
            }
            style={{ flex: 1, minWidth: 0 }}
          />
          <Button type="submit" variant="light">
            Search
          </Button>
        </Group>
      </form>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 3 + (rated ? 1 : 0) + (bins ? 1 : 0) }} spacing="sm">
        <Select label="Sort" data={SORT_OPTIONS} value={controls.sort} onChange={(v) => v && onChange({ sort: v as ListingSort })} allowDeselect={false} />
        <Select
          label="Stream"
          data={streamOptions}
          value={controls.stream === null ? ALL : String(controls.stream)}
          onChange={(v) => onChange({ stream: idOrNull(v) })}
          allowDeselect={false}
        />
        {rated && (
          <Select
            label="Sentiment"
            data={SENTIMENT_OPTIONS}
            value={controls.fav === null ? ALL : String(controls.fav)}
            onChange={(v) => onChange({ fav: idOrNull(v) })}
            allowDeselect={false}
          />
        )}
        <Select
          label="Brand association"
          data={ASSOCIATION_OPTIONS}
          value={controls.assoc === null ? ALL : String(controls.assoc)}
          onChange={(v) => onChange({ assoc: idOrNull(v) })}
          allowDeselect={false}
        />
        {bins && (
          <Select
            label="Bin"
            data={binOptions}
            value={bin === null ? ALL : String(bin)}
            onChange={(v) => onBin(idOrNull(v))}
            allowDeselect={false}
            searchable={bins.length > 8}
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}
