/**
 * The Appearance switch of the profile: light, dark, or the system's choice (the default). The
 * choice is this device's (a phone on the rig at night, a desk computer by day), kept in local
 * storage by Mantine's colour scheme manager (app/providers.tsx), not in the member's account.
 */
import { type MantineColorScheme, SegmentedControl, Text, useMantineColorScheme } from '@mantine/core';
import { useId } from 'react';
import { ProfileSection } from './profile-section.tsx';

const COLOR_SCHEME_CHOICES: { label: string; value: MantineColorScheme }[] = [
  { label: 'Light', value: 'light' },
  { label: 'Dark', value: 'dark' },
  { label: 'System', value: 'auto' },
];

function isColorScheme(value: string): value is MantineColorScheme {
  return COLOR_SCHEME_CHOICES.some((choice) => choice.value === value);
}

export function AppearanceSection() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const labelId = useId();
  const hintId = useId();
  return (
    <ProfileSection title="Appearance">
      <div>
        <Text id={labelId} size="sm" fw={500} mb={4}>
          Color scheme
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby={labelId}
          aria-describedby={hintId}
          data={COLOR_SCHEME_CHOICES}
          value={colorScheme}
          onChange={(value) => {
            if (isColorScheme(value)) setColorScheme(value);
          }}
        />
        <Text id={hintId} size="sm" c="gray.7" mt={4}>
          System follows your device's light or dark setting. Saved on this device only.
        </Text>
      </div>
    </ProfileSection>
  );
}
