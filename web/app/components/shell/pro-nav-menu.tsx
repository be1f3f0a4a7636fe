/**
 * The groups of the pro menu, each folded under its heading button (state in useNavGroups). Closed
 * groups render no links: a folded entry takes no tab stop and no room.
 */
import { NavLink as MantineNavLink, Text, UnstyledButton } from '@mantine/core';
import { useId } from 'react';
import { NavLink, useLocation } from 'react-router';
import { AppIcon } from '~/lib/icons';
import { groupOfPath, PRO_NAV, type ProNavGroup } from './pro-nav';
import { useNavGroups } from './use-nav-groups';

function Group({
  group,
  isAdmin,
  open,
  onToggle,
  onNavigate,
}: {
  group: ProNavGroup;
  isAdmin: boolean;
  open: boolean;
  onToggle: () => void;
  onNavigate: () => void;
}) {
  const location = useLocation();
  const id = useId();
  const items = group.items.filter((item) => !item.adminOnly || isAdmin);
  return (
    <div>
      <UnstyledButton
        onClick={onToggle}
        aria-expanded={open}
        aria-controls={id}
        w="100%"
        px="sm"
        pt="sm"
        pb={4}
        data-testid="nav-group"
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}
      >
        <Text span size="xs" fw={700} tt="uppercase" c="dimmed">
          {group.label}
        </Text>
        <Text span size="xs" c="dimmed" aria-hidden>
          {open ? '▾' : `${items.length} ▸`}
        </Text>
      </UnstyledButton>
      <div id={id}>
        {open &&
          items.map((item) => (
            <MantineNavLink
              key={item.path}
              component={NavLink}
              to={item.path}
              label={item.label}
              leftSection={<AppIcon name={item.icon} size="1.2em" />}
              active={location.pathname === item.path}
              onClick={onNavigate}
            />
          ))}
      </div>
    </div>
  );
}

export function ProNavMenu({ isAdmin, onNavigate }: { isAdmin: boolean; onNavigate: () => void }) {
  const location = useLocation();
  const groups = useNavGroups(groupOfPath(location.pathname));
  return (
    <>
      {PRO_NAV.map((group) => (
        <Group
          key={group.label}
          group={group}
          isAdmin={isAdmin}
          open={groups.isOpen(group.label)}
          onToggle={() => groups.toggle(group.label)}
          onNavigate={onNavigate}
        />
      ))}
    </>
  );
}
