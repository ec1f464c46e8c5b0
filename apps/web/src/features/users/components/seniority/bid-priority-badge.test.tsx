import { describe, expect, it } from 'vitest';
import { getBidPriorityColor } from './bid-priority-badge.tsx';

describe('getBidPriorityColor', () => {
  it.each([
    [1, 'green'],
    [5, 'green'],
    [6, 'blue'],
    [10, 'blue'],
    [11, 'orange'],
    [15, 'orange'],
    [16, 'red'],
    [120, 'red'],
  ])('colours priority #%i %s', (priority, color) => {
    expect(getBidPriorityColor(priority)).toBe(color);
  });
});
