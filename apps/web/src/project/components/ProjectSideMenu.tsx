// The side menu inside a project: its type and name, and the screens it offers.
import { Anchor, Divider, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBell,
  IconBinaryTree,
  IconBrandDatabricks,
  IconCalculator,
  IconChartBar,
  IconChartDots,
  IconChevronRight,
  IconCloudSearch,
  IconFolders,
  IconInbox,
  IconLayoutDashboard,
  IconList,
  IconLock,
  IconMessageCircleSearch,
  IconMoodSmile,
  IconSitemap,
  IconTrendingUp,
  IconUserStar,
  IconUsers,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import type { ProductKey } from '@listening/contract';
import { useState } from 'react';
import { StreamIcon } from '../../ui/StreamIcon.tsx';
import type { MenuItem } from '../menu.ts';

const ICONS: Record<string, Icon> = {
  dashboard: IconLayoutDashboard,
  platforms: IconWorld,
  notifications: IconBell,
  'top-authors': IconUsers,
  'competitor-tracking': IconChartDots,
  'post-listing': IconList,
  sentiment: IconMoodSmile,
  'ave-calcs': IconCalculator,
  'reaction-lists': IconAlertTriangle,
  'response-alert': IconMessageCircleSearch,
  'influencer-monitoring': IconUserStar,
  'deep-dive': IconCloudSearch,
  'follower-growth': IconTrendingUp,
  'sort-bins': IconFolders,
  'input-bins': IconInbox,
  'tree-view': IconSitemap,
  'stats-analysis': IconChartBar,
  'trend-analysis': IconBinaryTree,
  'narrative-analysis': IconBrandDatabricks,
};

export interface SideMenuProps {
  projectType: string;
  projectName: string;
  items: MenuItem[];
  /** Key of the item of the current screen. */
  activeKey: string | null;
  onProjects: () => void;
  /** Runs an item: navigates, opens a dialog, or does nothing ('no action' items). */
  onItem: (item: MenuItem) => void;
  onLocked: (product: ProductKey) => void;
}

/**
 * The project side menu: the project type, then the name (back to the project list), and
 * the items of the table. It is drawn in the private shell's drawer, which closes on an outside
 * click; expandable items toggle open and closed.
 */
export function ProjectSideMenu({ projectType, projectName, items, activeKey, onProjects, onItem, onLocked }: SideMenuProps) {
  const [expanded, setExpanded] = useState<string[]>(['platforms']);
  const toggle = (key: string) => setExpanded((e) => (e.includes(key) ? e.filter((k) => k !== key) : [...e, key]));

  const run = (item: MenuItem) => {
    if (item.disabled) return;
    if (item.locked) onLocked(item.locked);
    else if (item.action.kind === 'expand') toggle(item.key);
    else onItem(item);
  };

  return (
    <Stack gap="xs" h="100%" aria-label="Project menu">
      <div>
        <Text size="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: 0.6 }}>
          {projectType}
        </Text>
        <Anchor component="button" type="button" onClick={onProjects} fw={700} size="md" c="dark" ta="left" title="Back to the project list">
          {projectName}
        </Anchor>
      </div>
      <Divider />
      <ScrollArea.Autosize mah="calc(100vh - 170px)" type="auto" offsetScrollbars>
        <Stack gap={1}>
          {items.map((item) => {
            const ItemIcon = ICONS[item.key] ?? IconChevronRight;
            const lock = item.locked ? <IconLock size={15} color="var(--mantine-color-orange-6)" aria-label="Locked" /> : undefined;
            return (
              <NavLink
                component="button"
                key={item.key}
                label={item.label}
                leftSection={<ItemIcon size={18} stroke={1.6} />}
                rightSection={lock ?? (item.children ? undefined : null)}
                active={activeKey === item.key}
                opened={item.children ? expanded.includes(item.key) : undefined}
                onClick={() => run(item)}
                childrenOffset={26}
                data-locked={item.locked ? 'true' : undefined}
                aria-label={item.locked ? `${item.label} (locked)` : item.label}
              >
                {item.children?.map((child) => {
                  const streamId = child.action.kind === 'platform' ? child.action.streamId : 0;
                  return (
                    <NavLink
                      component="button"
                      key={child.key}
                      label={child.label}
                      leftSection={<StreamIcon streamId={streamId} size={16} />}
                      description={child.disabled ? 'not tracked by this project' : undefined}
                      disabled={child.disabled}
                      active={activeKey === child.key}
                      onClick={() => run(child)}
                    />
                  );
                })}
              </NavLink>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
