/**
 * Administrators' changes to bid sessions before and around their run: creating, editing and
 * deleting sessions, and the queue of participants (ordered by seniority and the tie-break chain).
 * Each change is one transaction that locks the session and records an activity. The engine steps
 * (start, bids, turns) are in session-engine.service.
 */
import { randomBytes } from 'node:crypto';
import {
  BID_MESSAGES,
  type BidSessionDetail,
  computeSeniorityScore,
  type createBidSessionRequestSchema,
  type HeldCertification,
  orderQueue,
  type Participant,
  type Rank,
  ranksWithoutRoundMessage,
  roundIndexOfRank,
  ruleUsesLottery,
  type SessionRound,
  type SessionSeniorityCheck,
  type StartCheck,
  type TieBreakLink,
  toSessionRounds,
} from '@stationbid/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, badRequest, conflict } from '../../lib/app-error.ts';
import { audit, auditActor } from '../../lib/audit-log.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { readSeniorityRule, toStoredRule } from '../seniority-rule/seniority-rule.repository.ts';
import {
  deleteParticipants,
  deleteSession,
  findSessionById,
  insertParticipants,
  insertSession,
  listActiveMembersByIds,
  listExistingStationIds,
  listParticipantRows,
  listSessionStationIds,
  lockSessionById,
  type ParticipantCandidateRow,
  type ParticipantRow,
  renumberParticipants,
  replaceSessionStations,
  type SessionRow,
  updateSession,
} from '../session-engine/bid-sessions.repository.ts';
import { checkSeniorityKeys } from '../session-engine/seniority-freeze.ts';
import { freezeSessionRule, readMemberSeniorityKeys } from '../session-engine/seniority-keys.repository.ts';
import type { SessionViewer } from '../session-engine/session-access.ts';
import { findSessionOrRefuse, presentParticipants, presentSession } from '../session-engine/session-presenter.ts';
import { isRunningStatus } from '../session-engine/session-row-presenter.ts';
import { openVacancySeats } from '../session-engine/vacancy-seats.repository.ts';
import { findOwnCertifications } from '../session-room/session-room.repository.ts';
import {
  buildSessionChanges,
  isBeforeStart,
  listChangedFields,
  listFieldsRefusedWhileRunning,
  liveEditRefusal,
  type ParsedUpdateRequest,
  toDate,
} from './session-changes.ts';
import { checkSessionStart, type StartCheckSettings } from './start-check.service.ts';

type ParsedCreateRequest = z.output<typeof createBidSessionRequestSchema>;

const viewerName = (viewer: SessionViewer) => `${viewer.firstName} ${viewer.lastName}`;
/** A seed for the random tie-break: 128 bits, written to the session so the draw can be checked. */
const newRandomSeed = () => randomBytes(16).toString('hex');

function unknownMembersMessage(count: number): string {
  return count === 1
    ? '1 selected participant is not an active member. Choose active members only.'
    : `${count} selected participants are not active members. Choose active members only.`;
}

function unknownStationsMessage(count: number): string {
  return count === 1 ? '1 selected station does not exist' : `${count} selected stations do not exist`;
}

export class SessionManagementService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** `log`: the request's logger, which writes the change's audit line (lib/audit-log.ts) after the commit. */
  async create(body: ParsedCreateRequest, actor: SessionViewer, log: FastifyBaseLogger): Promise<BidSessionDetail> {
    const now = this.clock.now();
    const memberIds = [...new Set(body.participantIds)];
    const stationIds = [...new Set(body.stationIds)];
    if (memberIds.length === 0) throw badRequest(BID_MESSAGES.participantsRequired);
    // The dates, once taken from the schedule where the spec's form left them out (the route).
    const startDate = toDate(body.startDate);
    const endDate = toDate(body.endDate);
    if (!startDate) throw badRequest(BID_MESSAGES.startDateOrScheduleRequired);
    if (!endDate) throw badRequest(BID_MESSAGES.endDateOrScheduleRequired);
    if (endDate < startDate) throw badRequest(BID_MESSAGES.endBeforeStart);
    this.checkSchedule(toDate(body.scheduledStart), toDate(body.scheduledEnd), now);
    const created = await this.db.transaction(async (tx) => {
      const candidates = await this.findActiveMembers(tx, memberIds);
      await this.checkStationsExist(tx, stationIds);
      const tieBreakChain = [...body.tieBreakChain];
      const session = await insertSession(tx, {
        name: body.name,
        description: body.description,
        year: body.year,
        status: body.scheduledStart ? 'scheduled' : 'draft',
        bidWindowMinutes: body.bidWindowDuration,
        autoAssignTimeoutMinutes: body.autoAssignTimeout,
        startDate,
        endDate,
        scheduledStart: toDate(body.scheduledStart),
        scheduledEnd: toDate(body.scheduledEnd),
        clearAssignments: body.clearAssignments,
        eligibilityMode: body.eligibilityMode,
        type: body.type,
        tieBreakChain,
        randomSeed: tieBreakChain.includes('random') ? newRandomSeed() : null,
        rounds: toSessionRounds(body.rounds),
        createdById: actor.id,
        createdAt: now,
        updatedAt: now,
      });
      await replaceSessionStations(tx, session.id, stationIds);
      if (body.type === 'vacancy') await openVacancySeats(tx, session.id, body.openSeats);
      await this.writeQueue(tx, session, [], candidates);
      await recordActivity(tx, {
        memberId: actor.id,
        actorName: viewerName(actor),
        type: 'session',
        title: 'Bid session created',
        description:
          body.type === 'vacancy'
            ? `${viewerName(actor)} created the vacancy bid ${session.name} with ${body.openSeats.length} open seats and ${candidates.length} eligible members`
            : `${viewerName(actor)} created the bid session ${session.name} with ${candidates.length} participants`,
        details: { sessionId: session.id, action: 'create' },
        at: now,
      });
      return session;
    });
    audit(
      log,
      'session.created',
      { ...auditActor(actor), sessionId: created.id, status: created.status, count: memberIds.length },
      `administrator created a ${body.type === 'vacancy' ? 'vacancy bid' : 'bid session'} with ${memberIds.length} members`,
    );
    return this.present(created.id);
  }

  async update(
    sessionId: string,
    body: ParsedUpdateRequest,
    actor: SessionViewer,
    log: FastifyBaseLogger,
  ): Promise<BidSessionDetail> {
    const now = this.clock.now();
    const changed = await this.db.transaction(async (tx) => {
      const session = await this.lockSessionOrRefuse(tx, sessionId);
      if (session.status === 'completed') throw conflict(BID_MESSAGES.completedSessionCannotChange);
      const changed = listChangedFields(session, body, {
        stationIds:
          body.stationIds === undefined
            ? []
            : (await listSessionStationIds(tx, [session.id])).map((link) => link.stationId),
        participantMemberIds:
          body.participantIds === undefined
            ? []
            : (await listParticipantRows(tx, session.id)).map((row) => row.memberId),
      });
      if (isRunningStatus(session.status)) {
        const refused = listFieldsRefusedWhileRunning(changed);
        if (refused.length > 0) throw conflict(liveEditRefusal(refused));
      }
      const changes = buildSessionChanges(session, body, now, newRandomSeed);
      if (session.type === 'vacancy' && ((body.rounds?.length ?? 0) > 0 || body.clearAssignments === true)) {
        throw badRequest(BID_MESSAGES.vacancyNoRoundsOrClearing);
      }
      const startDate = changes.startDate === undefined ? session.startDate : changes.startDate;
      const endDate = changes.endDate === undefined ? session.endDate : changes.endDate;
      if (startDate && endDate && endDate < startDate) throw badRequest(BID_MESSAGES.endBeforeStart);
      if (changed.includes('scheduledStart') || changed.includes('scheduledEnd')) {
        this.checkSchedule(
          changes.scheduledStart === undefined ? session.scheduledStart : changes.scheduledStart,
          changes.scheduledEnd === undefined ? session.scheduledEnd : changes.scheduledEnd,
          now,
        );
      }
      // A new start time gets its own day-before e-mail (session-messages).
      if (changed.includes('scheduledStart')) changes.dayBeforeReminderSentAt = null;
      await updateSession(tx, sessionId, changes);
      const updated = { ...session, ...changes } as SessionRow;
      if (body.stationIds !== undefined && changed.includes('stationIds')) {
        const stationIds = [...new Set(body.stationIds)];
        await this.checkStationsExist(tx, stationIds);
        await replaceSessionStations(tx, sessionId, stationIds);
      }
      if (body.participantIds !== undefined && changed.includes('participantIds')) {
        await this.replaceParticipants(tx, updated, body.participantIds);
      } else if (changed.includes('tieBreakChain') || changed.includes('rounds')) {
        await this.writeQueue(tx, updated, await listParticipantRows(tx, sessionId), []);
      }
      await recordActivity(tx, {
        memberId: actor.id,
        actorName: viewerName(actor),
        type: 'session',
        title: 'Bid session updated',
        description: `${viewerName(actor)} updated the bid session ${updated.name}`,
        details: { sessionId, action: 'update', fields: changed },
        at: now,
      });
      return changed;
    });
    audit(
      log,
      'session.updated',
      { ...auditActor(actor), sessionId, fields: changed },
      `administrator changed a bid session: ${changed.join(', ') || 'nothing'}`,
    );
    return this.present(sessionId);
  }

  /** Deletes a draft, scheduled or completed session; answers the message to show. */
  async delete(sessionId: string, actor: SessionViewer, log: FastifyBaseLogger): Promise<string> {
    const status = await this.db.transaction(async (tx) => {
      const session = await this.lockSessionOrRefuse(tx, sessionId);
      if (isRunningStatus(session.status)) throw conflict(BID_MESSAGES.runningSessionCannotBeDeleted);
      await this.deleteLocked(tx, session, actor);
      return session.status;
    });
    auditDeleted(log, actor, sessionId, status);
    return status === 'completed' ? BID_MESSAGES.sessionDeletedWithResults : BID_MESSAGES.sessionDeleted;
  }

  /** DELETE /admin/delete-completed-session: completed sessions only. */
  async deleteCompleted(sessionId: string, actor: SessionViewer, log: FastifyBaseLogger): Promise<void> {
    await this.db.transaction(async (tx) => {
      const session = await this.lockSessionOrRefuse(tx, sessionId);
      if (session.status !== 'completed') throw conflict(BID_MESSAGES.onlyCompletedSessionDeletedHere);
      await this.deleteLocked(tx, session, actor);
    });
    auditDeleted(log, actor, sessionId, 'completed');
  }

  async addParticipants(
    sessionId: string,
    memberIds: readonly string[],
    actor: SessionViewer,
    log: FastifyBaseLogger,
  ): Promise<Participant[]> {
    const added = await this.db.transaction(async (tx) => {
      const session = await this.lockSessionBeforeStart(tx, sessionId);
      const existing = await listParticipantRows(tx, sessionId);
      const present = new Set(existing.map((row) => row.memberId));
      const newIds = [...new Set(memberIds)].filter((id) => !present.has(id));
      await this.writeQueue(tx, session, existing, await this.findActiveMembers(tx, newIds));
      return newIds.length;
    });
    audit(
      log,
      'session.participants_changed',
      { ...auditActor(actor), sessionId, added, removed: 0 },
      `administrator added ${added} participants`,
    );
    return this.presentParticipantsOf(sessionId);
  }

  async removeParticipant(
    sessionId: string,
    memberId: string,
    actor: SessionViewer,
    log: FastifyBaseLogger,
  ): Promise<Participant[]> {
    await this.db.transaction(async (tx) => {
      const session = await this.lockSessionBeforeStart(tx, sessionId);
      const existing = await listParticipantRows(tx, sessionId);
      const leaving = existing.find((row) => row.memberId === memberId);
      if (!leaving) throw new AppError('NOT_FOUND', BID_MESSAGES.participantNotFound);
      await deleteParticipants(tx, [leaving.id]);
      await this.writeQueue(
        tx,
        session,
        existing.filter((row) => row !== leaving),
        [],
      );
    });
    audit(
      log,
      'session.participants_changed',
      { ...auditActor(actor), sessionId, memberId, added: 0, removed: 1 },
      'administrator removed a participant',
    );
    return this.presentParticipantsOf(sessionId);
  }

  /** Who lacks a key the seniority rule needs, as starting now would find (seniority-freeze.ts). */
  /** A participant's certifications as the session counts them; 404 when the session or the participant is unknown. */
  async participantCertifications(sessionId: string, memberId: string): Promise<HeldCertification[]> {
    const session = await findSessionById(this.db, sessionId);
    if (!session) throw new AppError('NOT_FOUND', BID_MESSAGES.sessionNotFound);
    const held = await findOwnCertifications(this.db, sessionId, memberId);
    if (!held) throw new AppError('NOT_FOUND', BID_MESSAGES.participantNotFound);
    return held.map(({ code, expiresOn }) => ({ code, expiresOn }));
  }

  async seniorityCheck(sessionId: string): Promise<SessionSeniorityCheck> {
    const session = await findSessionById(this.db, sessionId);
    if (!session) throw new AppError('NOT_FOUND', BID_MESSAGES.sessionNotFound);
    const check = await checkSeniorityKeys(this.db, session);
    return {
      keys: check.rule.keys.map(({ key, direction }) => ({ key, direction })),
      isDefault: check.isDefault,
      missingSeniorityKeys: check.missing,
      message: check.message,
    };
  }

  /** What will go wrong once the session starts (start-check.ts); 404 for an unknown session. */
  startCheck(sessionId: string, settings: StartCheckSettings): Promise<StartCheck> {
    return checkSessionStart(this.db, sessionId, settings);
  }

  // -------------------------------------------------------------------------------------------
  // Helpers

  private present(sessionId: string): Promise<BidSessionDetail> {
    return presentSession(this.db, sessionId, { now: this.clock.now() });
  }

  private async presentParticipantsOf(sessionId: string): Promise<Participant[]> {
    const session = await findSessionOrRefuse(this.db, sessionId);
    return presentParticipants(this.db, session, { now: this.clock.now() });
  }

  private async lockSessionOrRefuse(executor: Executor, sessionId: string): Promise<SessionRow> {
    const session = await lockSessionById(executor, sessionId);
    if (!session) throw new AppError('NOT_FOUND', BID_MESSAGES.sessionNotFound);
    return session;
  }

  private async lockSessionBeforeStart(executor: Executor, sessionId: string): Promise<SessionRow> {
    const session = await this.lockSessionOrRefuse(executor, sessionId);
    if (!isBeforeStart(session.status)) throw conflict(BID_MESSAGES.participantsChangeOnlyBeforeStart);
    return session;
  }

  private async findActiveMembers(executor: Executor, memberIds: readonly string[]) {
    const found = await listActiveMembersByIds(executor, memberIds);
    const missing = memberIds.length - found.length;
    if (missing > 0) throw badRequest(unknownMembersMessage(missing));
    return found;
  }

  private async checkStationsExist(executor: Executor, stationIds: readonly string[]): Promise<void> {
    const missing = stationIds.length - (await listExistingStationIds(executor, stationIds)).length;
    if (missing > 0) throw badRequest(unknownStationsMessage(missing));
  }

  private checkSchedule(scheduledStart: Date | null, scheduledEnd: Date | null, now: Date): void {
    if (scheduledStart && scheduledStart <= now) throw badRequest(BID_MESSAGES.scheduledStartInPast);
    if (scheduledStart && scheduledEnd && scheduledEnd <= scheduledStart) {
      throw badRequest(BID_MESSAGES.scheduledEndBeforeStart);
    }
  }

  /**
   * Orders kept participants and newly added members together by the session's queue order (the
   * department's seniority rule, or the score and the session's tie-break chain) and writes every
   * place: kept rows are re-numbered, new members inserted with their copied details and seniority
   * keys. The department's rule is copied onto the session with them; the start freezes both again.
   */
  private async writeQueue(
    executor: Executor,
    session: SessionRow,
    kept: readonly ParticipantRow[],
    added: readonly ParticipantCandidateRow[],
  ): Promise<void> {
    const { rule: departmentRule } = await readSeniorityRule(executor);
    const addedKeys = await readMemberSeniorityKeys(
      executor,
      added.map((member) => member.id),
    );
    const roundOf = roundAssigner(session.rounds as SessionRound[]);
    const candidates = [
      ...kept.map((row) => ({
        memberId: row.memberId ?? row.id,
        employeeId: row.employeeId,
        yearsOfService: row.yearsOfService,
        seniorityScore: row.seniorityScore,
        hireDate: row.hireDate,
        rankDate: row.rankDate,
        listNumber: row.listNumber,
        round: roundOf(row.rank as Rank, `${row.firstName} ${row.lastName}`),
        kept: row,
        added: null,
        certifications: null,
      })),
      ...added.map((member) => {
        const keys = addedKeys.get(member.id);
        return {
          memberId: member.id,
          employeeId: member.employeeId,
          yearsOfService: member.yearsOfService,
          seniorityScore: computeSeniorityScore(member),
          hireDate: keys?.hireDate ?? null,
          rankDate: keys?.rankDate ?? null,
          listNumber: keys?.listNumber ?? null,
          round: roundOf(member.rank as Rank, `${member.firstName} ${member.lastName}`),
          kept: null,
          added: member,
          certifications: keys?.certifications ?? [],
        };
      }),
    ];
    roundOf.refuseUnplaced();
    const storedRule = toStoredRule(departmentRule);
    // A drawn lot needs its seed from the first order shown, so the start draws the same.
    const randomSeed = session.randomSeed ?? (ruleUsesLottery(departmentRule) ? newRandomSeed() : null);
    if (
      randomSeed !== session.randomSeed ||
      JSON.stringify(storedRule) !== JSON.stringify(session.seniorityRule ?? null)
    ) {
      await freezeSessionRule(executor, session.id, { seniorityRule: storedRule, randomSeed });
    }
    const ordered = orderQueue(candidates, session.tieBreakChain as TieBreakLink[], randomSeed, departmentRule);
    const places = ordered.map((candidate, place) => ({ candidate, place }));
    await renumberParticipants(
      executor,
      places.flatMap(({ candidate, place }) =>
        candidate.kept ? [{ id: candidate.kept.id, place, round: candidate.round }] : [],
      ),
    );
    await insertParticipants(
      executor,
      places.flatMap(({ candidate, place }) =>
        candidate.added
          ? [
              {
                sessionId: session.id,
                memberId: candidate.added.id,
                firstName: candidate.added.firstName,
                lastName: candidate.added.lastName,
                employeeId: candidate.added.employeeId,
                rank: candidate.added.rank,
                position: candidate.added.position,
                yearsOfService: candidate.added.yearsOfService,
                seniorityScore: candidate.seniorityScore,
                hireDate: candidate.hireDate,
                rankDate: candidate.rankDate,
                listNumber: candidate.listNumber,
                certifications: candidate.certifications ?? [],
                round: candidate.round,
                bidPriority: place + 1,
                queuePosition: place,
              },
            ]
          : [],
      ),
    );
  }

  /** The queue becomes exactly these members, each copied afresh from their member record. */
  private async replaceParticipants(executor: Executor, session: SessionRow, memberIds: readonly string[]) {
    const uniqueIds = [...new Set(memberIds)];
    if (uniqueIds.length === 0) throw badRequest(BID_MESSAGES.participantsRequired);
    const candidates = await this.findActiveMembers(executor, uniqueIds);
    const existing = await listParticipantRows(executor, session.id);
    await deleteParticipants(
      executor,
      existing.map((row) => row.id),
    );
    await this.writeQueue(executor, session, [], candidates);
  }

  private async deleteLocked(executor: Executor, session: SessionRow, actor: SessionViewer): Promise<void> {
    await deleteSession(executor, session.id);
    await recordActivity(executor, {
      memberId: actor.id,
      actorName: viewerName(actor),
      type: 'session',
      title: 'Bid session deleted',
      description: `${viewerName(actor)} deleted the ${session.status} bid session ${session.name}`,
      details: { sessionId: session.id, action: 'delete', status: session.status },
      at: this.clock.now(),
    });
  }
}

function auditDeleted(log: FastifyBaseLogger, actor: SessionViewer, sessionId: string, status: string): void {
  audit(
    log,
    'session.deleted',
    { ...auditActor(actor), sessionId, status },
    `administrator deleted a ${status} bid session`,
  );
}

/**
 * Each participant's round by their rank (0 without rounds). Ranks no round names are collected, and
 * `refuseUnplaced` then refuses the queue with who they are, so nobody is silently put last.
 */
function roundAssigner(rounds: readonly SessionRound[]) {
  const unplaced = new Map<Rank, string[]>();
  const assign = (rank: Rank, name: string): number => {
    const index = roundIndexOfRank(rounds, rank);
    if (index !== undefined) return index;
    unplaced.set(rank, [...(unplaced.get(rank) ?? []), name]);
    return 0;
  };
  return Object.assign(assign, {
    refuseUnplaced() {
      if (unplaced.size > 0) throw badRequest(ranksWithoutRoundMessage(unplaced));
    },
  });
}
