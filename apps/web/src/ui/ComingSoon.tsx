import { Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { usePageTitle } from './page-title.ts';

/** A route whose capability is still to be built: says so plainly instead of a blank page. */
export function ComingSoon({
  title,
  children,
  back,
}: {
  title: string;
  children?: ReactNode;
  /** The way back: a link or button under the text. */ back?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Container size="sm" py={64}>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconTools size={30} />
          </ThemeIcon>
          <Title order={2} ta="center">
            {title}
          </Title>
          <Text c="dimmed" ta="center">
            {children ?? 'This screen is coming soon.'}
          </Text>
          {back}
        </Stack>
      </Paper>
    </Container>
  );
}
