import type { Participant } from '@stationbid/domain';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { buildParticipant, testId } from '../../../test/build-bid-session.ts';
import { jsonResponse, type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { ParticipantsList } from './participants-list.tsx';

// On a busy machine the first render takes more than the default second.
configure({ asyncUtilTimeout: 5000 });

const SESSION_ID = testId('5e55', 21);
const PARTICIPANTS_PATH = `GET /api/bid-sessions/${SESSION_ID}/participants`;
/** A department-sized session: more participants than one page holds. */
const TOTAL = 250;

function participantAt(position: number): Participant {
  return buildParticipant({
    firstName: position === 142 ? 'Elena' : `Member${position + 1}`,
    lastName: position === 142 ? 'Ramirez' : 'Lastname',
    position,
    bidPriority: position + 1,
  });
}

/** The page the server sends after `cursor` (the last queue position of the previous page). */
function page(first: number, count: number, total = TOTAL) {
  const participants = Array.from({ length: Math.min(count, total - first) }, (_, index) =>
    participantAt(first + index),
  );
  const last = participants.at(-1)?.position ?? null;
  return jsonResponse(200, { participants, nextCursor: first + count < total ? last : null, total });
}

function renderList(api: Record<string, MockHandler> = {}) {
  const mocked = mockApi({
    [`${PARTICIPANTS_PATH}?limit=100`]: () => page(0, 100),
    [`${PARTICIPANTS_PATH}?limit=100&cursor=99`]: () => page(100, 100),
    [`${PARTICIPANTS_PATH}?limit=100&search=Ramirez`]: () =>
      jsonResponse(200, { participants: [participantAt(142)], nextCursor: null, total: 1 }),
    ...api,
  });
  render(
    <AppProviders>
      <ParticipantsList sessionId={SESSION_ID} sessionStatus="active" total={TOTAL} />
    </AppProviders>,
  );
  return { api: mocked, user: userEvent.setup() };
}

const participantRequests = (api: ReturnType<typeof mockApi>) =>
  api.requests.map((request) => request.path).filter((path) => path.includes('/participants'));

describe('Participants list (virtualised, paged on the server)', { timeout: 20_000 }, () => {
  it('renders only the rows near the view, and loads the next page as the list is scrolled to its end', async () => {
    const { api } = renderList();
    const list = await screen.findByRole('list', { name: 'Participants in queue order' });
    const rows = within(list).getAllByRole('listitem');
    // A screenful and a few more, not the 100 loaded.
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(30);
    expect(rows[0]).toHaveTextContent('#1 Member1 Lastname');
    // Assistive technology hears the whole list's size, not the rows in the page.
    expect(rows[0]).toHaveAttribute('aria-setsize', String(TOTAL));
    expect(rows[0]).toHaveAttribute('aria-posinset', '1');
    expect(participantRequests(api)).toEqual([`/api/bid-sessions/${SESSION_ID}/participants?limit=100`]);

    // Scroll to the end of the loaded rows: the next page is asked for, after the last queue position.
    const scroller = list.parentElement as HTMLElement;
    scroller.scrollTop = 100 * 64;
    fireEvent.scroll(scroller);
    await waitFor(() =>
      expect(participantRequests(api)).toContain(`/api/bid-sessions/${SESSION_ID}/participants?limit=100&cursor=99`),
    );
    expect(await within(list).findByText('#101 Member101 Lastname')).toBeInTheDocument();
    expect(within(list).queryByText('#1 Member1 Lastname')).not.toBeInTheDocument();
    expect(api.unhandled).toEqual([]);
  });

  it('searches on the server, once the member stops typing, and says how many match', async () => {
    const { api, user } = renderList();
    await screen.findByRole('list', { name: 'Participants in queue order' });

    await user.type(screen.getByRole('textbox', { name: 'Search participants' }), 'Ramirez');
    const list = screen.getByRole('list', { name: 'Participants in queue order' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByRole('listitem')).toHaveTextContent('#143 Elena Ramirez');
    expect(within(list).getByRole('listitem')).toHaveAttribute('aria-setsize', '1');
    expect(screen.getByText('1 participant matches "Ramirez"')).toBeInTheDocument();
    // One request for the whole word, not one per key.
    expect(participantRequests(api).filter((path) => path.includes('search='))).toEqual([
      `/api/bid-sessions/${SESSION_ID}/participants?limit=100&search=Ramirez`,
    ]);
    expect(api.unhandled).toEqual([]);
  });

  it('says when nobody matches the search', async () => {
    const { user } = renderList({
      [`${PARTICIPANTS_PATH}?limit=100&search=Nobody`]: () =>
        jsonResponse(200, { participants: [], nextCursor: null, total: 0 }),
    });
    await screen.findByRole('list', { name: 'Participants in queue order' });
    await user.type(screen.getByRole('textbox', { name: 'Search participants' }), 'Nobody');
    expect(await screen.findByText('No participant matches your search.')).toBeInTheDocument();
  });

  it('is labelled, and the keyboard reaches the search box and then the list to scroll it', async () => {
    const { user } = renderList();
    const list = await screen.findByRole('list', { name: 'Participants in queue order' });
    expect(screen.getByRole('region', { name: `Participants (${TOTAL})` })).toContainElement(list);

    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Search participants' })).toHaveFocus();
    await user.tab();
    // The scrolling box around the list takes focus, so arrow keys and Page Down scroll it.
    expect(list.parentElement).toHaveFocus();
  });
});
