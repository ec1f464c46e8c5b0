import { Badge, type BadgeProps } from '@mantine/core';

/** The colour rule for a bid priority: green to 5, blue to 10, orange to 15, else red. */
export function getBidPriorityColor(priority: number): 'green' | 'blue' | 'orange' | 'red' {
  if (priority <= 5) return 'green';
  if (priority <= 10) return 'blue';
  if (priority <= 15) return 'orange';
  return 'red';
}

interface BidPriorityBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  /** The member's place in the queue, 1 bidding first. */
  priority: number;
  /** How many members the queue holds; shown as "#N of M" when given. */
  total?: number;
}

/** "#3 of 31": the text carries the place, the colour only repeats it for a quick glance. */
export function BidPriorityBadge({ priority, total, ...badgeProps }: BidPriorityBadgeProps) {
  return (
    <Badge variant="light" color={getBidPriorityColor(priority)} {...badgeProps}>
      {total === undefined ? `#${priority}` : `#${priority} of ${total}`}
    </Badge>
  );
}
