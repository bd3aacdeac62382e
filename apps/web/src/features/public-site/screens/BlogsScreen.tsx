import { Alert, Button, Card, Collapse, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { useBlogs } from '../api/get-blogs.ts';
import { usePageTitle } from '../../../ui/page-title.ts';

/** /blogs: the posts of GET /api/blog, newest first. */
export function BlogsScreen() {
  usePageTitle('Blog');
  const { data, isPending, isError } = useBlogs();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Container size="md" py={56}>
      <Stack gap={6} mb="xl">
        <Title order={1}>Blog</Title>
        <Text c="dimmed" size="lg">
          Notes on listening, reporting and reading the conversation.
        </Text>
      </Stack>
      {isPending && <Skeleton h={160} radius="md" />}
      {isError && <Alert color="red">The blog could not be loaded.</Alert>}
      {data && data.length === 0 && <EmptyState title="No posts yet" />}
      <Stack gap="lg">
        {data?.map((post) => (
          <Card key={post.Id} component="article" withBorder radius="md" padding="xl" aria-labelledby={`post-${post.Id}`}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {dayjs(post.DatePublished).format('D MMMM YYYY')}
            </Text>
            <Title order={2} fz={22} mt={4} mb="xs" id={`post-${post.Id}`}>
              {post.Title}
            </Title>
            <Text c="dimmed">{post.Summary}</Text>
            <Collapse in={open === post.Id}>
              <Text mt="md" style={{ whiteSpace: 'pre-line' }}>
                {post.Body}
              </Text>
            </Collapse>
            <Button variant="subtle" px={0} mt="sm" w="fit-content" onClick={() => setOpen(open === post.Id ? null : post.Id)} aria-expanded={open === post.Id}>
              {open === post.Id ? 'Show less' : 'Read more'}
            </Button>
          </Card>
        ))}
      </Stack>
    </Container>
  );
}
