/**
 * The standing bid (bidding-rules.md, "Standing bids"): the member's list is bid for them the moment
 * their turn starts, with no countdown. It reads apart from auto-bid, which acts only when a turn
 * runs out: "when my turn comes" against "if my turn runs out". With an empty list there is
 * nothing to bid, so the switch waits, disabled, and says what it needs.
 */
import { Switch } from '@mantine/core';

export const STANDING_BID_TEXT = {
  label: 'Bid my list for me when my turn comes',
  description:
    'When your turn starts, the first free seat on your list is yours at once. If none is free, your turn runs as usual.',
  emptyListHint: 'Add a seat to your list first.',
} as const;

interface StandingBidSwitchProps {
  checked: boolean;
  /** False while the list is empty: the switch is then off and disabled. */
  hasChoices: boolean;
  onChange: (checked: boolean) => void;
}

export function StandingBidSwitch({ checked, hasChoices, onChange }: StandingBidSwitchProps) {
  return (
    <Switch
      label={STANDING_BID_TEXT.label}
      description={
        hasChoices
          ? STANDING_BID_TEXT.description
          : `${STANDING_BID_TEXT.description} ${STANDING_BID_TEXT.emptyListHint}`
      }
      checked={checked && hasChoices}
      disabled={!hasChoices}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
