/**
 * Business constants and limits of StationBid, with the rules of docs/bidding-rules.md. Everything
 * that decides a score, a limit or a default lives here once.
 */

/** The three platoons a station works in. */
export const SHIFTS = ['A', 'B', 'C'] as const;
export type Shift = (typeof SHIFTS)[number];

/** Ranks, lowest to highest. */
export const RANKS = [
  'Firefighter',
  'Engineer',
  'Lieutenant',
  'Captain',
  'Battalion Chief',
  'Deputy Chief',
  'Chief',
] as const;
export type Rank = (typeof RANKS)[number];

/** A member's professional position (their qualification), which weighs on seniority. */
export const PROFESSIONAL_POSITIONS = ['Firefighter', 'Paramedic', 'EMT', 'Driver', 'Operator', 'Officer'] as const;
export type ProfessionalPosition = (typeof PROFESSIONAL_POSITIONS)[number];

/** The positions of a seat on a station's shift, highest first. */
export const SEAT_POSITIONS = ['Captain', 'Lieutenant', 'Engineer', 'Firefighter'] as const;
export type SeatPosition = (typeof SEAT_POSITIONS)[number];

export const RANK_MULTIPLIERS: Readonly<Record<Rank, number>> = {
  Firefighter: 1,
  Engineer: 1.2,
  Lieutenant: 1.5,
  Captain: 2,
  'Battalion Chief': 3,
  'Deputy Chief': 4,
  Chief: 5,
};

export const POSITION_MULTIPLIERS: Readonly<Record<ProfessionalPosition, number>> = {
  Firefighter: 1,
  Paramedic: 1.3,
  EMT: 1.1,
  Driver: 1.2,
  Operator: 1.4,
  Officer: 1.5,
};

/** Experience levels by years of service, highest threshold first. */
export const EXPERIENCE_LEVELS = [
  { level: 'Senior', minimumYears: 15 },
  { level: 'Experienced', minimumYears: 10 },
  { level: 'Mid-level', minimumYears: 5 },
  { level: 'Junior', minimumYears: 0 },
] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number]['level'];

/** Member list filters: "senior" and "junior" as the admin user list defines them. */
export const SENIOR_FILTER_MINIMUM_YEARS = 10;
export const JUNIOR_FILTER_MAXIMUM_YEARS_EXCLUSIVE = 5;

export const LIMITS = {
  requestTimeoutMs: 10_000,
  loginPasswordMinLength: 6,
  newPasswordMinLength: 8,
  adminResetPasswordMinLength: 6,
  passwordMaxLength: 200,
  malformedTokenMinLength: 10,
  yearsOfServiceMin: 0,
  yearsOfServiceMax: 50,
  importFileMaxBytes: 5_242_880,
  defaultBidTimeLimitSeconds: 300,
  fallbackTurnCountdownSeconds: 300,
  sessionYearMin: 2024,
  bidWindowMinutesMin: 1,
  bidWindowMinutesMax: 60,
  /** Seats one vacancy bid may open at once: a department's year of retirements and new units. */
  vacancyOpenSeatsMax: 200,
  bidWindowMinutesDefault: 5,
  autoAssignTimeoutMinutesMin: 1,
  autoAssignTimeoutMinutesMax: 30,
  autoAssignTimeoutMinutesDefault: 2,
  maxBidAttemptsMin: 1,
  maxBidAttemptsMax: 10,
  maxBidAttemptsDefault: 3,
  bidTimeoutSecondsMin: 10,
  bidTimeoutSecondsMax: 300,
  bidTimeoutSecondsDefault: 30,
  turnWarningSeconds: 30,
  countdownCautionSeconds: 180,
  countdownWarningSeconds: 60,
  minimumSecondsAfterResume: 60,
  chatHistoryLimit: 50,
  chatMessagesKeptInView: 100,
  chatAutoScrollThresholdPx: 100,
  chatMessageMaxLength: 1000,
  stationsPerPage: 12,
  fillNearlyFullPercent: 80,
  fillFullPercent: 100,
  accessTokenLifetimeSeconds: 15 * 60,
  refreshTokenLifetimeDays: 30,
} as const;

/** Timers of the web client. */
export const TIMERS = {
  clockTickMs: 1000,
  participantExpirationCheckMs: 10_000,
  adminExpirationPollMs: 2000,
  liveRefreshMs: 30_000,
  chatPollMs: 3000,
} as const;

/** How many items each screen shows. */
export const DISPLAY_COUNTS = {
  dashboardNotifications: 5,
  dashboardActivities: 5,
  biddingRecentBids: 10,
  draftRecentBids: 5,
  draftUpcoming: 3,
  profileHistory: 5,
  adminOnlineUsers: 5,
  adminActivities: 6,
} as const;

/** Query cache and toast defaults of the web client. */
export const CLIENT_DEFAULTS = {
  staleTimeMs: 5 * 60 * 1000,
  queryRetries: 1,
  toastDefaultMs: 4000,
  toastSuccessMs: 3000,
  toastErrorMs: 5000,
} as const;

/**
 * The seat position a rank may bid on when the session matches positions to rank
 * (bidding-rules.md, Eligibility): Captain and every higher rank sit in the Captain's seat.
 */
export function getSeatPositionForRank(rank: string): SeatPosition {
  switch (rank) {
    case 'Engineer':
      return 'Engineer';
    case 'Lieutenant':
      return 'Lieutenant';
    case 'Captain':
    case 'Battalion Chief':
    case 'Deputy Chief':
    case 'Chief':
      return 'Captain';
    default:
      return 'Firefighter';
  }
}

/**
 * The positions the spec's bid dialog offers (its bidding page; its live page offers the seat
 * positions themselves). They name kinds of work, not seats, so a bid reads them by the bidder's
 * rank: "Officer" is the officer seat of the bidder's rank (Lieutenant, or Captain for Captains and
 * above: getSeatPositionForRank), "Driver" the Engineer's seat, "Paramedic" a Firefighter's.
 */
export const SPEC_BID_POSITIONS = ['Firefighter', 'Paramedic', 'Driver', 'Officer'] as const;
export type SpecBidPosition = (typeof SPEC_BID_POSITIONS)[number];

/** What a bid may name as its position: a seat position, or one of the spec dialog's labels. */
export const BID_POSITION_LABELS = [...SEAT_POSITIONS, 'Paramedic', 'Driver', 'Officer'] as const;
export type BidPositionLabel = (typeof BID_POSITION_LABELS)[number];

/**
 * The seat position a bid's position names for a bidder of `rank`; undefined for "Officer" from a
 * bidder who holds no officer rank (Firefighter, Engineer), whose choice names no seat.
 */
export function getSeatPositionForBidLabel(label: BidPositionLabel, rank: string): SeatPosition | undefined {
  switch (label) {
    case 'Driver':
      return 'Engineer';
    case 'Paramedic':
      return 'Firefighter';
    case 'Officer': {
      const seat = getSeatPositionForRank(rank);
      return seat === 'Captain' || seat === 'Lieutenant' ? seat : undefined;
    }
    default:
      return label;
  }
}
