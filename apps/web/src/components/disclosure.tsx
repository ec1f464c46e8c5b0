import { Button, Collapse, Group, Stack } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';

interface DisclosureProps {
  /** The button's words while closed and while open. */
  showLabel: string;
  hideLabel: string;
  /**
   * Added to the words for the button's accessible name, when several disclosures sit on one page
   * ("of the roster sync of 3:00 AM"): the name begins with the words shown, so a voice command
   * naming them still finds it.
   */
  accessibleNameSuffix?: string;
  defaultOpen?: boolean;
  children: ReactNode;
}

/** A button that shows and hides what follows it, announced as expanded or collapsed. */
export function Disclosure({
  showLabel,
  hideLabel,
  accessibleNameSuffix,
  defaultOpen = false,
  children,
}: DisclosureProps) {
  const contentId = useId();
  const [isOpen, setIsOpen] = useState(defaultOpen);
  const label = isOpen ? hideLabel : showLabel;
  return (
    <Stack gap="xs">
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          aria-expanded={isOpen}
          aria-controls={contentId}
          aria-label={accessibleNameSuffix === undefined ? undefined : `${label} ${accessibleNameSuffix}`}
          onClick={() => setIsOpen((open) => !open)}
          rightSection={isOpen ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
        >
          {label}
        </Button>
      </Group>
      <Collapse expanded={isOpen} id={contentId}>
        {children}
      </Collapse>
    </Stack>
  );
}
