/**
 * The live page's Place Your Bid and Skip Turn dialogs, loaded on demand: only a member whose turn
 * is near ever opens them, so their code (the modal, the seat choice) stays out of the page's first
 * load (issue 14's 250 kB). It is fetched as soon as the member is next in line or holds the turn,
 * so at 0300 on a slow phone Place Your Bid opens at once rather than waiting for the network; a
 * member who clicks before it has arrived sees a labelled loader over the page meanwhile.
 */
import { Loader, Overlay } from '@mantine/core';
import { Suspense, useState } from 'react';
import { lazyWithPreload } from '../../../lib/lazy-with-preload.ts';
import type { PlaceBidModalProps } from './place-bid-modal.tsx';
import type { SkipTurnDialogProps } from './skip-turn-dialog.tsx';

const placeBidModal = lazyWithPreload(() => import('./place-bid-modal.tsx').then((module) => module.PlaceBidModal));
const skipTurnDialog = lazyWithPreload(() => import('./skip-turn-dialog.tsx').then((module) => module.SkipTurnDialog));

/** Fetches the dialogs' code ahead of need (a second call costs nothing). */
export function preloadTurnDialogs() {
  placeBidModal.preload();
  skipTurnDialog.preload();
}

/** The queue place from which the dialogs are fetched: next in line ("You are next!"). */
export const TURN_DIALOGS_PRELOAD_PEOPLE_AHEAD = 1;

/** Whether the member's turn is near enough to fetch the dialogs: they hold it, or are next. */
export function isTurnNear(isTurnOpen: boolean, peopleAhead: number | null): boolean {
  return isTurnOpen || (peopleAhead !== null && peopleAhead > 0 && peopleAhead <= TURN_DIALOGS_PRELOAD_PEOPLE_AHEAD);
}

interface LazyTurnDialogsProps {
  /** The member holds the turn or is next (isTurnNear): the dialogs are fetched and mounted now. */
  isTurnNear: boolean;
  /** Place Your Bid; null for a watcher who takes no part in the session. */
  bid: PlaceBidModalProps | null;
  skip: SkipTurnDialogProps;
}

/** PlaceBidModal and SkipTurnDialog, mounted from the moment the member's turn is near. */
export function LazyTurnDialogs({ isTurnNear, bid, skip }: LazyTurnDialogsProps) {
  const isOpen = (bid?.isOpen ?? false) || skip.isOpen;
  const isWanted = isTurnNear || isOpen;
  // Once mounted they stay: a dialog closing after the bid keeps its transition, and the member's
  // next turn (after being moved to the back) opens without a fetch.
  const [isMounted, setIsMounted] = useState(isWanted);
  if (isWanted && !isMounted) setIsMounted(true);
  if (!isMounted && !isWanted) return null;
  return (
    <Suspense fallback={isOpen ? <DialogLoading /> : null}>
      {bid !== null && <placeBidModal.Component {...bid} />}
      <skipTurnDialog.Component {...skip} />
    </Suspense>
  );
}

/** Over the page while a dialog's code arrives (a click before the preload finished). */
function DialogLoading() {
  return (
    <Overlay fixed center backgroundOpacity={0.35} zIndex={200} aria-busy="true">
      <Loader role="status" aria-label="Opening the dialog" />
    </Overlay>
  );
}
