// Post Listing (side menu): the project's mentions as a feed over the project's filter (dates,
// streams, bin), with its own search, sort and filters in the address, paged by the listing's
// keyset cursor ('Load more' never repeats a post while new ones arrive), and the clip tray's
// actions on each post: rate, reject as Irrelevant, open the original.
import { Alert, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFilterOff, IconListDetails } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { MESSAGES, lockedProduct } from '@listening/contract';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { toast } from '../../../ui/toast.ts';
import { useProjectContext } from '../../../project/context.ts';
import { usePostListing } from '../api/get-post-listing.ts';
import { useRatePost } from '../api/rate-post.ts';
import { useRejectPost } from '../api/reject-post.ts';
import { useSubBins } from '../api/get-sub-bins.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { ListingControls } from '../components/ListingControls.tsx';
import { PostCard } from '../components/PostCard.tsx';
import { controlsToSearch, exportLabel, exportQuery, listingControls, listingQuery, type ListingControls as Controls } from '../search.ts';
import { useExportListing } from '../../../project/clip-tray/api/export-listing.ts';
import { screenRouteId } from '../../../project/screen-routes.ts';
import { NextPageButton } from '../../../ui/NextPageButton.tsx';

const route = getRouteApi(screenRouteId('post-listing'));
const count = new Intl.NumberFormat('en-US');

type Pending = { kind: 'rate'; id: number; favourabilityId: number; rating: string } | { kind: 'reject'; id: number };

export function PostListingScreen() {
  const { project, filter, params, ownedCodes } = useProjectContext();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const rated = lockedProduct('Sentiment', project.ProjectTypeId, ownedCodes) === null;
  const controls = useMemo(() => listingControls(search, filter.streams, rated), [search, filter.streams, rated]);
  const query = useMemo(() => listingQuery(params, controls), [params, controls]);
  const listing = usePostListing(query);
  const sortBinsOpen = lockedProduct('SortBins', project.ProjectTypeId, ownedCodes) === null;
  const bins = useSubBins(params, sortBinsOpen);
  const rate = useRatePost();
  const reject = useRejectPost();
  const exporter = useExportListing();
  const [pending, setPending] = useState<Pending | null>(null);
  // A rejected post leaves at once, before the listing reloads without it.
  const [rejected, setRejected] = useState<number[]>([]);

  const setControls = (next: Partial<Controls>) => void navigate({ to: '.', search: (prev) => ({ ...prev, ...controlsToSearch({ ...controls, ...next }) }) });
  const setBin = (bin: number | null) => void navigate({ to: '.', search: (prev) => ({ ...prev, bin: bin ?? undefined }) });
  const clearFilters = () => setControls({ q: '', fav: null, assoc: null, stream: null });

  const posts = (listing.data?.pages ?? []).flatMap((p) => p.Data).filter((p) => !rejected.includes(p.Id));
  const total = listing.data?.pages[0]?.Total ?? null;
  const narrowed = !!controls.q || controls.fav !== null || controls.assoc !== null || controls.stream !== null;

  const confirm = () => {
    if (!pending) return;
    const done = () => setPending(null);
    if (pending.kind === 'rate')
      rate.mutate(
        { projectId: project.Id, id: pending.id, favourabilityId: pending.favourabilityId },
        { onSuccess: () => toast.success(`Post rated ${pending.rating}`), onSettled: done },
      );
    else
      reject.mutate(
        { projectId: project.Id, id: pending.id },
        {
          onSuccess: () => {
            setRejected((r) => [...r, pending.id]);
            toast.success('Post rejected as Irrelevant');
          },
          onSettled: done,
        },
      );
  };

  return (
    <Container size={1100} px={{ base: 'md', md: 'xl' }} py="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
          <div>
            <Title order={3}>Post Listing</Title>
            <Text size="sm" c="dimmed">
              Every post of the project in the filter&apos;s range, newest first unless you sort otherwise. Rate or reject a post here as in the clip tray.
            </Text>
          </div>
          <Group gap="sm" wrap="wrap">
            {total !== null && (
              <Text size="sm" fw={600} data-testid="listing-total" aria-live="polite">
                {count.format(total)} post{total === 1 ? '' : 's'}
              </Text>
            )}
            {/* The workbook of the list as filtered here; the label says what it takes. */}
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} />}
              disabled={total === 0}
              loading={exporter.isPending}
              onClick={() => exporter.mutate({ query: exportQuery(params, controls), projectName: project.Description })}
              data-testid="listing-export"
            >
              {exportLabel(controls, total)}
            </Button>
          </Group>
        </Group>
        <ListingControls
          controls={controls}
          streams={filter.streams}
          bins={sortBinsOpen ? (bins.data ?? []) : null}
          rated={rated}
          bin={filter.bin ?? null}
          onChange={setControls}
          onBin={setBin}
        />
        {listing.isError && (
          <Alert color="red" variant="light" title="The posts could not be loaded">
            {listing.error.message}
          </Alert>
        )}
        {listing.isPending ? (
          <Stack gap="sm">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={130} radius="md" />
            ))}
          </Stack>
        ) : posts.length === 0 && !listing.isError ? (
          <EmptyState title="No posts match" icon={<IconListDetails size={26} />}>
            {narrowed ? 'No post of this range matches the search and filters.' : 'The project has no posts in this range and these streams.'}
            {narrowed && (
              <Button variant="subtle" size="xs" leftSection={<IconFilterOff size={14} />} onClick={clearFilters} mt="xs" display="block" mx="auto">
                Clear the search and filters
              </Button>
            )}
          </EmptyState>
        ) : (
          <Stack gap="sm" data-testid="listing-posts" style={{ opacity: listing.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
            {posts.map((post) => (
              <PostCard
                key={post.Id}
                post={post}
                timeZone={project.TimeZone}
                busy={pending?.id === post.Id}
                onRate={(favourabilityId, rating) => setPending({ kind: 'rate', id: post.Id, favourabilityId, rating })}
                onReject={() => setPending({ kind: 'reject', id: post.Id })}
              />
            ))}
          </Stack>
        )}
        {listing.hasNextPage ? (
          <NextPageButton list={listing}>Load more</NextPageButton>
        ) : (
          posts.length > 0 &&
          !listing.isPending && (
            <Text size="xs" c="dimmed" ta="center" data-testid="listing-end">
              That is every post that matches.
            </Text>
          )
        )}
      </Stack>
      <ConfirmDialog
        message={pending ? (pending.kind === 'rate' ? MESSAGES.confirmRate(pending.rating) : MESSAGES.confirmIrrelevant) : null}
        busy={rate.isPending || reject.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </Container>
  );
}
