/**
 * Reading bid sessions: the list, one session, the viewer's current session, participants,
 * history, results and the export's figures. Most answers are made once per session version and
 * shared by every viewer (decision 012); who may read what is session-access's.
 */
import {
  BID_MESSAGES,
  type BidSession,
  type BidSessionDetail,
  type BidSessionListItem,
  type BidSessionReadDetail,
  type BidSessionStatus,
  type ExportStatus,
  PARTICIPANT_PAGE_DEFAULT_LIMIT,
  type Participant,
  type ParticipantPage,
  type ParticipantPageQuery,
  type SessionResults,
} from '@stationbid/domain';
import type { Database } from '../../db/client.ts';
import { conflict } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  countParticipantsWithEmail,
  listHistory,
  listSessions,
  type SessionRow,
} from '../session-engine/bid-sessions.repository.ts';
import { readEngineDataVersion } from '../session-engine/engine-versions.repository.ts';
import { countParticipantsMatching, listParticipantViewsPage } from '../session-engine/participant-views.repository.ts';
import {
  MEMBER_VISIBLE_STATUSES,
  participantsAsReadBy,
  readerFor,
  type SessionAccess,
  type SessionViewer,
  sessionAsReadBy,
  sessionDetailAsReadBy,
} from '../session-engine/session-access.ts';
import {
  findSessionOrRefuse,
  presentParticipants,
  presentSession,
  presentSessionSummaries,
  presentSomeParticipants,
} from '../session-engine/session-presenter.ts';
import { type CachedAnswer, type SessionAnswer, SessionReadCache } from '../session-engine/session-read-cache.ts';
import { CONNECTED_WITHIN_MS, isRunningStatus, presentHistory } from '../session-engine/session-row-presenter.ts';
import { type SessionVersions, versionKey } from '../session-engine/session-versions.ts';
import { readResultReasons } from '../session-record/result-reasons.ts';
import type { SessionBoardService } from './session-board.service.ts';
import { presentDetailAnswer, presentResults } from './session-results-presenter.ts';

/** Shared answers that show presence ("connected", seen in the last 2 minutes) are at most this old. */
export const PRESENCE_MAX_AGE_MS = 15_000;

export interface ResultsOptions {
  /** The department's time zone (IANA) for the times in the reasons; UTC when not given. */
  timeZone?: string;
  /** The member reading: their own reason speaks to them, every other names its member (the export: none). */
  readerId?: string;
}

const timeOrMax = (date: Date | null) => date?.getTime() ?? Number.MAX_SAFE_INTEGER;

export class SessionReadsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly access: SessionAccess,
    /** The answers every watcher shares, made once per session version (decision 012). */
    private readonly readCache: SessionReadCache = new SessionReadCache(clock),
    /** The boards, for the free seats the spec's client reads in the session list. */
    private readonly boards?: SessionBoardService,
  ) {}

  /**
   * Newest first; members never see drafts. Each session's turn holder and next in line are as the
   * viewer may read them (session-access). With the full view (the spec's client), each session
   * also carries its free seats and its participants: every one whole for administrators, for a
   * participant their own entry whole and everyone else's public facts, none for a member who
   * takes no part (docs/security.md, 3 and 17).
   */
  async list(
    viewer: SessionViewer,
    status: BidSessionStatus | undefined,
    view: 'full' | 'summary' = 'full',
  ): Promise<BidSessionListItem[]> {
    const visible = viewer.isAdmin ? null : MEMBER_VISIBLE_STATUSES;
    const statuses = status ? (visible && !visible.includes(status) ? [] : [status]) : visible;
    if (statuses?.length === 0) return [];
    const rows = await listSessions(this.db, statuses);
    const outsideVersion = await readEngineDataVersion(this.db);
    const key = `${rows.map((row) => `${row.id}@${row.version}`).join(',')}.${outsideVersion}`;
    const summaries = (
      await this.readCache.read(
        `list:${statuses?.join('+') ?? 'all'}`,
        key,
        () => presentSessionSummaries(this.db, rows, { now: this.clock.now() }),
        { maxAgeMs: PRESENCE_MAX_AGE_MS },
      )
    ).value as BidSession[];
    const readerOf = await this.access.readersOf(viewer);
    if (view === 'summary') return summaries.map((summary) => sessionAsReadBy(readerOf(summary.id), summary));
    return Promise.all(
      summaries.map(async (summary) => {
        const reader = readerOf(summary.id);
        const [board, participants] = await Promise.all([
          this.boards?.readBoard(viewer, summary.id),
          reader.role === 'outsider'
            ? []
            : this.participants(viewer, summary.id).then((answer) =>
                participantsAsReadBy(reader, (answer.value as ParticipantPage).participants),
              ),
        ]);
        const availableStations = board?.stations.reduce((sum, station) => sum + station.available, 0);
        return {
          ...sessionAsReadBy(reader, summary),
          participants,
          ...(availableStations === undefined ? {} : { availableStations }),
        };
      }),
    );
  }

  async get(viewer: SessionViewer, sessionId: string): Promise<BidSessionReadDetail> {
    return ((await this.getShared(viewer, sessionId)).value as { session: BidSessionReadDetail }).session;
  }

  /**
   * `{ session }` as the viewer may read it (session-access): the whole answer, with every
   * participant, is made once per session version (at most PRESENCE_MAX_AGE_MS old, for
   * "connected") and is the administrators'; a member who takes no part shares one made from it
   * without participants and with the turn's public facts; a participant gets their own, made from
   * it, with the others' public facts. The spec's clients read it; the web app follows the board.
   */
  async getShared(viewer: SessionViewer, sessionId: string): Promise<SessionAnswer> {
    const versions = await this.access.readVisibleVersions(viewer, sessionId);
    const whole = await this.readWholeDetail(sessionId, versions);
    const reader = await this.access.readerOf(viewer, sessionId);
    if (reader.role === 'administrator') return whole;
    const wholeSession = (whole.value as { session: BidSessionDetail }).session;
    if (reader.role === 'outsider') {
      // Made from the whole answer, so it follows it: the same ETag never names two contents.
      return this.readCache.read(`detail-public:${sessionId}`, whole.etag, async () =>
        presentDetailAnswer(sessionDetailAsReadBy(reader, wholeSession)),
      );
    }
    return { kind: 'detail-own', value: presentDetailAnswer(sessionDetailAsReadBy(reader, wholeSession)) };
  }

  /** `{ session }` with every participant whole, shared per session version. */
  private readWholeDetail(sessionId: string, versions: SessionVersions): Promise<CachedAnswer> {
    return this.readCache.read(
      `detail:${sessionId}`,
      versionKey(versions),
      async () => presentDetailAnswer(await this.present(sessionId)),
      { maxAgeMs: PRESENCE_MAX_AGE_MS },
    );
  }

  /**
   * `{ session, sessions }`: the session the viewer's dashboard and Bidding page centre on (whole,
   * or with `summary` without its participants and stations, for a client that follows the board)
   * and every active, paused or scheduled one. Running sessions come before scheduled ones, and
   * within each group one the viewer takes part in comes first: with two sessions at once, a
   * member must see their own, not whichever started first.
   */
  async current(viewer: SessionViewer, view: 'full' | 'summary' = 'full'): Promise<SessionAnswer> {
    const rows = await this.listCurrentSessions();
    const participations = await this.access.listSessionIdsOf(viewer);
    const centred = pickViewersSession(participations, rows);
    const outsideVersion = await readEngineDataVersion(this.db);
    // The answer changes with any of the listed sessions; made whole once for all who centre on the same one.
    const key = `${rows.map((row) => `${row.id}@${row.version}`).join(',')}.${outsideVersion}`;
    const centredVersions =
      centred && view === 'full' ? await this.access.readVisibleVersions(viewer, centred.id) : null;
    const whole = await this.readCache.read(
      `current-${view}:${centred?.id ?? 'none'}`,
      key,
      async () => {
        const sessions = await presentSessionSummaries(this.db, rows, { now: this.clock.now() });
        if (!centred || !centredVersions)
          return { session: sessions.find((session) => session.id === centred?.id) ?? null, sessions };
        const detail = await this.readWholeDetail(centred.id, centredVersions);
        return { session: (detail.value as { session: BidSessionDetail }).session, sessions };
      },
      { maxAgeMs: PRESENCE_MAX_AGE_MS },
    );
    if (viewer.isAdmin) return whole;
    // Each session as this member may read it (session-access): their own answer, not shared.
    const readerOf = (sessionId: string) => readerFor(viewer, participations.has(sessionId));
    const { session, sessions } = whole.value as {
      session: BidSession | BidSessionDetail | null;
      sessions: BidSession[];
    };
    const centredSession =
      session === null
        ? null
        : 'participants' in session
          ? sessionDetailAsReadBy(readerOf(session.id), session)
          : sessionAsReadBy(readerOf(session.id), session);
    return {
      kind: `current-${view}`,
      value: {
        session: centredSession,
        sessions: sessions.map((listed) => sessionAsReadBy(readerOf(listed.id), listed)),
      },
    };
  }

  /** Every participant in queue order, shared like the session (administrators and participants). */
  async participants(viewer: SessionViewer, sessionId: string): Promise<CachedAnswer> {
    const versions = await this.access.readParticipantsVersions(viewer, sessionId);
    return this.readCache.read(
      `participants:${sessionId}`,
      versionKey(versions),
      async () => {
        const participants = await this.presentParticipantsOf(sessionId);
        return { participants, nextCursor: null, total: participants.length };
      },
      { maxAgeMs: PRESENCE_MAX_AGE_MS },
    );
  }

  /** A page of participants in queue order; the cursor is the last queue position of the previous page. */
  async participantPage(
    viewer: SessionViewer,
    sessionId: string,
    query: ParticipantPageQuery,
  ): Promise<ParticipantPage> {
    await this.access.readParticipantsVersions(viewer, sessionId);
    const session = await findSessionOrRefuse(this.db, sessionId);
    const limit = query.limit ?? PARTICIPANT_PAGE_DEFAULT_LIMIT;
    const filter = {
      search: query.search || undefined,
      connectedSince:
        query.connected === 'true' ? new Date(this.clock.now().getTime() - CONNECTED_WITHIN_MS) : undefined,
    };
    // One more than asked tells whether another page follows.
    const [views, total] = await Promise.all([
      listParticipantViewsPage(this.db, sessionId, { ...filter, afterPosition: query.cursor, limit: limit + 1 }),
      countParticipantsMatching(this.db, sessionId, filter),
    ]);
    const pageViews = views.slice(0, limit);
    const participants = await presentSomeParticipants(this.db, session, pageViews, { now: this.clock.now() });
    const last = pageViews.at(-1);
    return { participants, nextCursor: views.length > limit && last ? last.participant.queuePosition : null, total };
  }

  /** Oldest first; shared per session version (history is only ever added to, by the steps). */
  async history(viewer: SessionViewer, sessionId: string): Promise<CachedAnswer> {
    const versions = await this.access.readParticipantsVersions(viewer, sessionId);
    return this.readCache.read(`history:${sessionId}`, versionKey(versions), async () => ({
      history: presentHistory(await listHistory(this.db, sessionId)),
    }));
  }

  /** `timeZone`: the department's (IANA), for the times in each participant's reason. */
  async results(viewer: SessionViewer, sessionId: string, options: ResultsOptions = {}): Promise<SessionResults> {
    await this.access.findSessionForParticipantsAndAdmins(viewer, sessionId);
    return (await this.presentResultsOf(sessionId, { ...options, readerId: viewer.id })).results;
  }

  async exportStatus(sessionId: string): Promise<ExportStatus> {
    const session = await findSessionOrRefuse(this.db, sessionId);
    const { total, withEmail } = await countParticipantsWithEmail(this.db, sessionId);
    const isCompleted = session.status === 'completed';
    return {
      canExport: isCompleted,
      // Reminders go to the participants of any session they can see (every status but draft).
      canSendReminders: session.status !== 'draft' && total > 0,
      totalParticipants: total,
      participantsWithEmail: withEmail,
      participantsWithoutEmail: total - withEmail,
    };
  }

  /**
   * The results of a completed session with the session they are about, for the export; any
   * other status is refused. The export holds what the results show, so the same people may
   * download it.
   */
  async resultsForExport(viewer: SessionViewer, sessionId: string, options: ResultsOptions = {}) {
    const session = await this.access.findSessionForParticipantsAndAdmins(viewer, sessionId);
    if (session.status !== 'completed') throw conflict(BID_MESSAGES.cannotExport);
    return this.presentResultsOf(sessionId, options);
  }

  /** One session with every participant, made fresh. */
  present(sessionId: string): Promise<BidSessionDetail> {
    return presentSession(this.db, sessionId, { now: this.clock.now() });
  }

  /** A session's summary, shared per version like its other reads. */
  async readSummary(session: SessionRow): Promise<BidSession | null> {
    const outsideVersion = await readEngineDataVersion(this.db);
    const answer = await this.readCache.read(
      `summary:${session.id}`,
      versionKey({ version: session.version, outsideVersion }),
      async () => (await presentSessionSummaries(this.db, [session], { now: this.clock.now() }))[0] ?? null,
      { maxAgeMs: PRESENCE_MAX_AGE_MS },
    );
    return answer.value as BidSession | null;
  }

  /** Active or paused sessions (earliest started first), then scheduled ones (soonest first). */
  async listCurrentSessions(): Promise<SessionRow[]> {
    const rows = await listSessions(this.db, ['active', 'paused', 'scheduled']);
    const running = rows
      .filter((row) => isRunningStatus(row.status))
      .sort((a, b) => timeOrMax(a.actualStart) - timeOrMax(b.actualStart));
    const scheduled = rows
      .filter((row) => row.status === 'scheduled')
      .sort((a, b) => timeOrMax(a.scheduledStart) - timeOrMax(b.scheduledStart));
    return [...running, ...scheduled];
  }

  /** The results with the session they are about, as the results call and the export show them. */
  private async presentResultsOf(
    sessionId: string,
    { timeZone = 'UTC', readerId }: ResultsOptions,
  ): Promise<{ results: SessionResults; session: BidSessionDetail }> {
    const [session, historyRows, reasons] = await Promise.all([
      this.present(sessionId),
      listHistory(this.db, sessionId),
      readResultReasons(this.db, sessionId, timeZone),
    ]);
    return { results: presentResults(session, historyRows, reasons, { memberId: readerId }), session };
  }

  private async presentParticipantsOf(sessionId: string): Promise<Participant[]> {
    const session = await findSessionOrRefuse(this.db, sessionId);
    return presentParticipants(this.db, session, { now: this.clock.now() });
  }
}

/** Of `rows` (running first, then scheduled), the first of the first group the viewer takes part in. */
function pickViewersSession(participations: ReadonlySet<string>, rows: readonly SessionRow[]): SessionRow | null {
  const [first] = rows;
  if (!first) return null;
  const group = rows.filter((row) => isRunningStatus(row.status) === isRunningStatus(first.status));
  return group.find((row) => participations.has(row.id)) ?? first;
}
