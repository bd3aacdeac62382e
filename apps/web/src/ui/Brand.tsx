import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconAntennaBars5 } from '@tabler/icons-react';

/** The product's name and mark, as in the headers and the login card. */
export function Brand({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) {
  const px = { sm: 26, md: 32, lg: 44 }[size];
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={px} radius="md" variant="gradient" gradient={{ from: 'blue.7', to: 'cyan.5', deg: 135 }}>
        <IconAntennaBars5 size={px * 0.62} />
      </ThemeIcon>
      <Text fw={800} fz={size === 'lg' ? 26 : size === 'md' ? 19 : 16} lh={1} style={{ letterSpacing: -0.3 }}>
        Listening
      </Text>
    </Group>
  );
}
