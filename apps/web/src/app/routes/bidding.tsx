/** /bidding: the member's Bidding page, centred on the session the server calls current. */
import { BiddingBoard } from '../../features/session-room/index.ts';

function BiddingPage() {
  return <BiddingBoard />;
}

/** What React Router renders for this route (route modules are loaded lazily by app/router.tsx). */
export { BiddingPage as Component };
