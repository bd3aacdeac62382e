import { Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconEye, IconTargetArrow, IconUsersGroup } from '@tabler/icons-react';
import { usePageTitle } from '../../../ui/page-title.ts';

const VALUES = [
  { icon: IconEye, title: 'See everything', text: 'Seven networks and the blogs that matter, collected around the clock.' },
  { icon: IconUsersGroup, title: 'Humans in the loop', text: 'Analysts verify sentiment and relevance, so the numbers can be trusted.' },
  { icon: IconTargetArrow, title: 'Act on it', text: 'Alerts, reaction lists and reports put the right post in front of the right person.' },
];

export function AboutScreen() {
  usePageTitle('About us');
  return (
    <Container size="md" py={56}>
      <Stack gap="md" mb={48}>
        <Title order={1}>About us</Title>
        <Text size="lg" c="dimmed">
          We help marketers, community managers and analysts understand what the public says about their brands, campaigns and competitors.
        </Text>
        <Text>
          Our platform follows handles, hashtags, campaign phrases, profiles, links and topics, and turns the posts it finds into counts, advertising value,
          sentiment and reach, per client and per project. Our team of analysts reviews what the machines classify, and our focal points help each client set up
          the projects that answer their questions.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {VALUES.map((v) => (
          <Stack key={v.title} gap="xs">
            <ThemeIcon size={44} radius="md" variant="light">
              <v.icon size={24} />
            </ThemeIcon>
            <Text fw={700}>{v.title}</Text>
            <Text size="sm" c="dimmed">
              {v.text}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Container>
  );
}
