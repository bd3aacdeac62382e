import { Container, Grid, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { SERVICES } from '../services.ts';
import { usePageTitle } from '../../../ui/page-title.ts';

/** /services with an anchor per service, the footer's six links. */
export function ServicesScreen() {
  usePageTitle('Services');
  return (
    <Container size="lg" py={56}>
      <Stack gap={6} mb={48}>
        <Title order={1}>Services</Title>
        <Text c="dimmed" size="lg" maw={640}>
          From the first keyword to the report on your desk.
        </Text>
      </Stack>
      <Stack gap={56}>
        {SERVICES.map((s) => (
          <section key={s.anchor} id={s.anchor} aria-labelledby={`${s.anchor}-title`} style={{ scrollMarginTop: 90 }}>
            <Grid gutter="xl" align="center">
              <Grid.Col span={{ base: 12, sm: 'content' }}>
                <ThemeIcon size={72} radius="lg" variant="light">
                  <s.icon size={38} />
                </ThemeIcon>
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 'auto' }}>
                <Title order={2} id={`${s.anchor}-title`} fz={26} mb={6}>
                  {s.title}
                </Title>
                <Text c="dimmed" mb="sm">
                  {s.summary}
                </Text>
                <List
                  spacing={4}
                  size="sm"
                  icon={
                    <ThemeIcon size={18} radius="xl" color="teal" variant="light">
                      <IconCheck size={12} />
                    </ThemeIcon>
                  }
                >
                  {s.points.map((p) => (
                    <List.Item key={p}>{p}</List.Item>
                  ))}
                </List>
              </Grid.Col>
            </Grid>
          </section>
        ))}
      </Stack>
    </Container>
  );
}
