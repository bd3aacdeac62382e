import { Badge, Box, Button, Card, Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { FILTER_STREAM_IDS, BLOG_STREAM } from '@listening/contract';
import { StreamIcon } from '../../../ui/StreamIcon.tsx';
import { SERVICES } from '../services.ts';
import { usePageTitle } from '../../../ui/page-title.ts';

/** The public home page. */
export function HomeScreen() {
  usePageTitle();
  return (
    <>
      <Box className="hero">
        <Container size="lg" py={{ base: 56, sm: 96 }}>
          <Stack gap="lg" maw={720}>
            <Badge variant="light" size="lg" radius="sm" w="fit-content">
              Social listening &amp; analytics
            </Badge>
            <Title order={1} fz={{ base: 36, sm: 52 }} lh={1.1} fw={800}>
              Hear every conversation about your brand, hour by hour.
            </Title>
            <Text size="lg" c="dimmed" maw={600}>
              Mentions, sentiment, reach and advertising value across X, Facebook, Instagram, YouTube, LinkedIn, TikTok and blogs, in one place, for every
              client and campaign.
            </Text>
            <Group gap="sm">
              <Button component={Link} to="/login" size="md" rightSection={<IconArrowRight size={18} />}>
                Sign in
              </Button>
              <Button component={Link} to="/contact-us" size="md" variant="default">
                Talk to us
              </Button>
            </Group>
            <Group gap="md" mt="sm" aria-label="Networks we monitor">
              {[...FILTER_STREAM_IDS, 12, BLOG_STREAM].map((s) => (
                <StreamIcon key={s} streamId={s} size={24} />
              ))}
            </Group>
          </Stack>
        </Container>
      </Box>

      <Container size="lg" py={72}>
        <Stack gap={6} mb="xl" align="center">
          <Title order={2} ta="center">
            What you get
          </Title>
          <Text c="dimmed" ta="center" maw={560}>
            Six services that take you from a keyword to a report your board reads.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {SERVICES.map((s) => (
            <Card key={s.anchor} component={Link} to="/services" hash={s.anchor} withBorder radius="md" padding="xl" className="hover-card">
              <ThemeIcon size={44} radius="md" variant="light" mb="md">
                <s.icon size={24} />
              </ThemeIcon>
              <Text fw={700} mb={6}>
                {s.title}
              </Text>
              <Text size="sm" c="dimmed">
                {s.summary}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      <Container size="lg" pb={80}>
        <Paper radius="lg" p={{ base: 'xl', sm: 48 }} className="cta-band">
          <Group justify="space-between" gap="xl">
            <div>
              <Title order={3} c="white">
                Ready to listen?
              </Title>
              <Text c="blue.1" mt={4}>
                Our focal points set up your first project with you.
              </Text>
            </div>
            <Button component={Link} to="/contact-us" size="md" variant="white">
              Contact us
            </Button>
          </Group>
        </Paper>
      </Container>
    </>
  );
}
