import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildParticipant } from '../../../test/build-bid-session.ts';
import { YourPositionCard } from './your-position-card.tsx';

const isabel = buildParticipant({ firstName: 'Isabel', lastName: 'Duarte', position: 2 });

function renderCard(props: Partial<Parameters<typeof YourPositionCard>[0]> = {}) {
  render(
    <MantineProvider>
      <YourPositionCard sessionStatus="active" myEntry={isabel} peopleAhead={2} isMyTurn={false} {...props} />
    </MantineProvider>,
  );
  return screen.getByRole('region', { name: 'Your Position' });
}

describe('YourPositionCard', () => {
  it('shows "#N" and how many people are ahead', () => {
    const card = renderCard();
    expect(card).toHaveTextContent('#3 in queue');
    expect(card).toHaveTextContent('2 people ahead of you');
  });

  it('says "You are next!" when only the one bidding now is ahead', () => {
    const card = renderCard({ peopleAhead: 1 });
    expect(card).toHaveTextContent('#3 in queue');
    expect(card).toHaveTextContent('You are next!');
  });

  it('before the start, counts the first bidder as someone ahead', () => {
    const card = renderCard({ sessionStatus: 'scheduled', peopleAhead: 1 });
    expect(card).toHaveTextContent('1 person ahead of you');
  });

  it("says so on the member's own turn", () => {
    const card = renderCard({ isMyTurn: true, peopleAhead: 0 });
    expect(card).toHaveTextContent("It's your turn now!");
  });

  it('tells a member outside the session that they are not in it', () => {
    const card = renderCard({ myEntry: null, peopleAhead: null });
    expect(card).toHaveTextContent('You are not a participant in this session.');
    expect(card).not.toHaveTextContent('#');
  });

  it('says a finished turn is done', () => {
    const card = renderCard({ myEntry: { ...isabel, outcome: 'skipped' }, peopleAhead: 0 });
    expect(card).toHaveTextContent('Your turn is done: Skipped.');
  });
});
