import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { MESSAGES } from '@listening/contract';
import { usePageTitle } from '../ui/page-title.ts';

/** Any other path. */
export function NotFoundScreen() {
  usePageTitle('Page not found');
  return (
    <Container size="sm" py={96}>
      <Stack align="center" gap="md">
        <Text fz={72} fw={800} c="blue.2" lh={1}>
          404
        </Text>
        <Title order={1} fz={26} ta="center">
          {MESSAGES.notFoundPage}
        </Title>
        <Text c="dimmed" ta="center">
          Check the address, or go back to the start.
        </Text>
        <Button component={Link} to="/" variant="light">
          Go to the home page
        </Button>
      </Stack>
    </Container>
  );
}
