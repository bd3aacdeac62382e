import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../../ui/page-title.ts';

const SECTIONS = [
  {
    title: 'What we collect',
    text: 'Public posts on the social networks and blogs our clients ask us to monitor, and the details of the people who use the platform: name, email address and the clients they belong to.',
  },
  {
    title: 'How we use it',
    text: 'Posts are counted, classified and reported to the client whose project found them. Contact details are used to sign you in, to send the alerts and reports you subscribe to, and to reset your password.',
  },
  {
    title: 'Social network access',
    text: 'When you link a profile, its access token is stored on our servers and used only to collect that profile’s data. It is never shown in your browser, and you can revoke it at any time.',
  },
  {
    title: 'Security',
    text: 'Passwords are stored as salted hashes, sessions use random tokens that expire and can be revoked, and every request is checked against the clients you belong to.',
  },
  {
    title: 'Your rights',
    text: 'You may ask which of your personal information we hold, have it corrected, or have it deleted. The data access manual below explains how to make such a request.',
  },
];

export function PolicyScreen() {
  usePageTitle('Privacy policy');
  return (
    <Container size="md" py={56}>
      <Stack gap="xl">
        <div>
          <Title order={1}>Privacy policy</Title>
          <Text c="dimmed" mt={6}>
            How we handle the information that passes through the platform.
          </Text>
        </div>
        {SECTIONS.map((s) => (
          <section key={s.title}>
            <Title order={2} fz={20} mb={6}>
              {s.title}
            </Title>
            <Text>{s.text}</Text>
          </section>
        ))}
        <Text>
          Requests for access to information follow our{' '}
          <Anchor href="/data-access-manual.pdf" download>
            data access manual (PDF)
          </Anchor>
          .
        </Text>
      </Stack>
    </Container>
  );
}
