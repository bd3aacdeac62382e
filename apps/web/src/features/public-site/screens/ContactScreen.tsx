import { Container, Grid, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClock, IconMail } from '@tabler/icons-react';
import { ContactForm } from '../components/ContactForm.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';

/** /contact-us: the Contact Focal Points form. */
export function ContactScreen() {
  usePageTitle('Contact');
  return (
    <Container size="lg" py={56}>
      <Grid gutter={48}>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Title order={1}>Contact Focal Points</Title>
            <Text c="dimmed">Tell us what you would like to monitor. A focal point will get back to you, usually within one working day.</Text>
            <Stack gap="sm" mt="md">
              {[
                { icon: IconMail, text: 'Replies come from our focal points team' },
                { icon: IconClock, text: 'Monday to Friday, 08:00 to 17:00 SAST' },
              ].map((item) => (
                <Group key={item.text} gap="xs" wrap="nowrap">
                  <ThemeIcon size={28} radius="xl" variant="light">
                    <item.icon size={16} />
                  </ThemeIcon>
                  <Text size="sm">{item.text}</Text>
                </Group>
              ))}
            </Stack>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }}>
            <ContactForm />
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
