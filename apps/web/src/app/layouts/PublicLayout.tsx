// The public site's frame: the header with its navigation and sign-in, a phone drawer, and the footer.
import { Anchor, Box, Burger, Button, Container, Divider, Drawer, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { Link, Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useSessionToken } from '../../features/auth/api/session.ts';
import { ContactUsTrigger } from '../../features/public-site/components/ContactModal.tsx';
import { SERVICES } from '../../features/public-site/services.ts';
import { Brand } from '../../ui/Brand.tsx';

const NAV = [
  { to: '/services', label: 'Services' },
  { to: '/blogs', label: 'Blogs' },
  { to: '/about-us', label: 'About us' },
] as const;

export const DATA_ACCESS_MANUAL = '/data-access-manual.pdf';

function PublicHeader() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const token = useSessionToken();
  const signIn = token ? (
    <Button component={Link} to="/clients" onClick={close}>
      My clients
    </Button>
  ) : (
    <Button component={Link} to="/login" onClick={close}>
      Sign in
    </Button>
  );
  return (
    <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', position: 'sticky', top: 0, zIndex: 100 }}>
      <Container size="lg" h={68}>
        <Group h="100%" justify="space-between">
          <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Home">
            <Brand />
          </Anchor>
          <Group gap="lg" visibleFrom="sm" component="nav" aria-label="Main">
            {NAV.map((n) => (
              <Anchor
                key={n.to}
                component={Link}
                to={n.to}
                c="dark.6"
                fw={500}
                size="sm"
                underline="never"
                className="nav-link"
                activeProps={{ className: 'nav-link active' }}
              >
                {n.label}
              </Anchor>
            ))}
            <ContactUsTrigger
              render={(open) => (
                <Anchor component="button" type="button" onClick={open} c="dark.6" fw={500} size="sm" underline="never" className="nav-link">
                  Contact us
                </Anchor>
              )}
            />
            {signIn}
          </Group>
          <Burger opened={opened} onClick={toggle} hiddenFrom="sm" aria-label="Open navigation" />
        </Group>
      </Container>
      <Drawer opened={opened} onClose={close} size="xs" position="right" title={<Brand size="sm" />} hiddenFrom="sm">
        <Stack>
          {NAV.map((n) => (
            <Anchor key={n.to} component={Link} to={n.to} onClick={close} c="dark.6" fw={500}>
              {n.label}
            </Anchor>
          ))}
          <ContactUsTrigger
            render={(open) => (
              <Anchor component="button" type="button" onClick={open} c="dark.6" fw={500} ta="left">
                Contact us
              </Anchor>
            )}
          />
          {signIn}
        </Stack>
      </Drawer>
    </Box>
  );
}

/** One column of the footer's links, a navigation landmark named by its heading. */
function FooterNav({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="nav" aria-label={title}>
      <Text fw={700} c="white" size="sm" mb={4}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

const FOOTER_LINK = { c: 'gray.4', size: 'sm' } as const;

function PublicFooter() {
  return (
    <Box component="footer" bg="dark.8" c="gray.4" mt="auto">
      <Container size="lg" py={48}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="xs">
            <Box c="white">
              <Brand size="sm" />
            </Box>
            <Text size="sm">Social listening and analytics for brands, agencies and their clients.</Text>
          </Stack>
          <FooterNav title="Services">
            {SERVICES.map((s) => (
              <Anchor key={s.anchor} component={Link} to="/services" hash={s.anchor} {...FOOTER_LINK}>
                {s.title}
              </Anchor>
            ))}
          </FooterNav>
          <FooterNav title="Company">
            <Anchor component={Link} to="/about-us" {...FOOTER_LINK}>
              About us
            </Anchor>
            <Anchor component={Link} to="/blogs" {...FOOTER_LINK}>
              Blogs
            </Anchor>
            <ContactUsTrigger
              render={(open) => (
                <Anchor component="button" type="button" onClick={open} {...FOOTER_LINK} ta="left">
                  Contact us
                </Anchor>
              )}
            />
          </FooterNav>
          <FooterNav title="Policies">
            <Anchor component={Link} to="/policy" {...FOOTER_LINK}>
              Privacy policy
            </Anchor>
            <Anchor href={DATA_ACCESS_MANUAL} download {...FOOTER_LINK}>
              <IconDownload size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
              Data access manual
            </Anchor>
          </FooterNav>
        </SimpleGrid>
        <Divider my="lg" color="dark.5" />
        <Text size="xs" c="dimmed">
          © {new Date().getFullYear()} Listening. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}

/** Public pages: header and footer around the page. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }} bg="white">
      <PublicHeader />
      <Box component="main" style={{ flex: 1 }}>
        {children ?? <Outlet />}
      </Box>
      <PublicFooter />
    </Box>
  );
}
