/**
 * The member's calendar (issue 16): each member's private feed of their shift days, and the
 * department's rotation it is computed from. The feed is read without signing in (calendar
 * applications cannot sign in), so its address carries a 256-bit token; only the token's hash is
 * kept, the address is shown once when made, and making a new one ends the old.
 */
import {
  CALENDAR_MESSAGES,
  type CalendarFeedCreated,
  type CalendarFeedStatus,
  type DepartmentRotation,
  type DepartmentRotationResponse,
} from '@stationbid/domain';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { onceUntilFailure } from '../../lib/once-until-failure.ts';
import { createOpaqueToken, hashOpaqueToken } from '../auth/tokens.ts';
import type { TimeZoneSource } from '../department-settings/department-zone.ts';
import { ensureRecordSigningKey } from '../session-record/record-signing-key.ts';
import {
  deleteFeedOfMember,
  findActiveMemberByFeedHash,
  findFeedOfMember,
  findMemberShift,
  readRotation,
  replaceFeedToken,
  saveRotation,
} from './calendar.repository.ts';
import { buildCalendarFeed } from './calendar-feed.ts';

export interface CalendarSettings {
  /** The web app's address (PUBLIC_WEB_URL), in front of the feed's path. */
  publicWebUrl: string;
  /** The department's time zone (the administrators' setting): tours begin at the start time there. */
  departmentZone: TimeZoneSource;
}

/** The year it is in the department's zone (on the evening of 31 December in Chicago, UTC is already in the next). */
function yearIn(now: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(now));
}

export class CalendarService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly settings: CalendarSettings,
  ) {}

  /**
   * What tells this install apart in the feed's UIDs: the fingerprint of the record-signing key.
   * It is made at random once per database at the first start, kept in the database, and the same
   * for every process and restart, so the UIDs stay the same across fetches without a new setting;
   * a restored backup keeps it too. It is public (GET /api/record-key), and the UIDs only hash it.
   * Were the key ever replaced, every event's UID would change once: calendar applications drop the
   * old events from a subscription and add the new ones.
   */
  private readonly installId = onceUntilFailure(async () => (await ensureRecordSigningKey(this.db)).fingerprint);

  async rotation(): Promise<DepartmentRotationResponse> {
    return { rotation: await readRotation(this.db), timeZone: await this.settings.departmentZone.read() };
  }

  async setRotation(adminId: string, rotation: DepartmentRotation): Promise<DepartmentRotationResponse> {
    await saveRotation(this.db, rotation, adminId, this.clock.now());
    return this.rotation();
  }

  async feedStatus(memberId: string): Promise<CalendarFeedStatus> {
    const [feed, rotation, memberShift] = await Promise.all([
      findFeedOfMember(this.db, memberId),
      readRotation(this.db),
      findMemberShift(this.db, memberId),
    ]);
    return {
      hasFeed: feed !== null,
      createdAt: feed?.createdAt.toISOString() ?? null,
      rotationSet: rotation !== null,
      shift: memberShift?.shift ?? null,
    };
  }

  /** A new feed address for the member; the one they had before stops working at once. */
  async createFeed(memberId: string): Promise<CalendarFeedCreated> {
    const token = createOpaqueToken();
    const now = this.clock.now();
    await replaceFeedToken(this.db, memberId, hashOpaqueToken(token), now);
    const base = this.settings.publicWebUrl.replace(/\/+$/, '');
    return { url: `${base}/api/calendar/${token}.ics`, createdAt: now.toISOString() };
  }

  async deleteFeed(memberId: string): Promise<void> {
    await deleteFeedOfMember(this.db, memberId);
  }

  /** The feed's text for a token; an unknown, reset or deactivated member's token is not found. */
  async feed(token: string): Promise<string> {
    const member = await findActiveMemberByFeedHash(this.db, hashOpaqueToken(token));
    if (!member) throw new AppError('NOT_FOUND', CALENDAR_MESSAGES.feedNotFound);
    const [rotation, memberShift] = await Promise.all([readRotation(this.db), findMemberShift(this.db, member.id)]);
    const [timeZone, installId] = await Promise.all([this.settings.departmentZone.read(), this.installId()]);
    return buildCalendarFeed({
      installId,
      memberId: member.id,
      memberName: `${member.firstName} ${member.lastName}`,
      rotation,
      memberShift,
      // The bid year their shift was won for; without a completed session, this year.
      year: memberShift?.year ?? yearIn(this.clock.now(), timeZone),
      timeZone,
    });
  }
}
