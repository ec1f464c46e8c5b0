/**
 * "What will I likely get" (GET /bid-sessions/:id/forecast; bidding-rules.md, "Forecast"): each
 * member's own forecast, read from one forecast of the whole session per session version.
 *
 * The forecast of a version is worked out once, for every member at once (bid-engine/forecast.ts),
 * and kept in memory. At 20,000 participants that run takes seconds of CPU, and a new version comes
 * with every pick, so:
 * - it runs in a worker thread (forecast-thread.ts), never on the thread that answers requests;
 * - while the new version's forecast is worked out, members are answered from the last one, marked
 *   `upToDate: false` (the page asks again shortly), rather than kept waiting for seconds;
 * - one computation per session runs at a time; a read that finds it running waits for nothing.
 */
import { BID_MESSAGES, type ForecastAnswer, getTurnHolder, presentForecast } from '@stationbid/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { findSessionById } from '../session-engine/bid-sessions.repository.ts';
import { isNewer, type StateVersions } from '../session-engine/engine-state-cache.ts';
import type { SessionViewer } from '../session-engine/session-access.ts';
import type { SessionEngineService } from '../session-engine/session-engine.service.ts';
import { isRunningStatus } from '../session-engine/session-row-presenter.ts';
import type { SessionVersionTracker } from '../session-engine/session-versions.ts';
import { ForecastThread, type SessionForecasts } from './forecast-thread.ts';
import { IDLE_BOARD_MAX_AGE_MS } from './session-board.service.ts';

/** A department runs one session at a time; a few more are kept for the administrators' tests. */
const MAX_SESSIONS = 8;

interface SessionForecast {
  /** The session's counters the forecast is of: of its state for a running session, else when it was asked for. */
  counters: StateVersions;
  builtAt: number;
  /** Each member's participant id and forecast; members whose turn has gone have no forecast, only a place. */
  forecasts: SessionForecasts;
  /** The participant on the clock, in a session that is active. */
  turnHolderId: string | null;
}

export class SessionForecastService {
  private readonly kept = new Map<string, SessionForecast>();
  private readonly computing = new Map<string, Promise<SessionForecast>>();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly versions: SessionVersionTracker,
    private readonly engine: Pick<SessionEngineService, 'stateToPlay'>,
    private readonly thread: ForecastThread = new ForecastThread(),
  ) {}

  /** The viewer's own forecast in a session they take part in. */
  async read(viewer: SessionViewer, sessionId: string): Promise<ForecastAnswer> {
    const versions = await this.versions.read(sessionId);
    if (!versions || (!viewer.isAdmin && versions.status === 'draft')) {
      throw new AppError('NOT_FOUND', BID_MESSAGES.sessionNotFound);
    }
    if (versions.status === 'completed') throw conflict(BID_MESSAGES.forecastAfterCompletion);
    const kept = this.kept.get(sessionId);
    // A session that is not running can change without its counters moving (another session's
    // awards), so its forecast is made again at most as often as its board.
    const isCurrent =
      kept !== undefined &&
      !isNewer(versions, kept.counters) &&
      (isRunningStatus(versions.status) || this.clock.now().getTime() - kept.builtAt <= IDLE_BOARD_MAX_AGE_MS);
    let forecast = kept;
    if (!isCurrent) {
      const computation = this.compute(sessionId, versions);
      if (kept) {
        computation.catch((error: unknown) =>
          this.log.warn({ err: error, sessionId }, 'forecast: could not be worked out again; the last one is served'),
        );
      } else {
        forecast = await computation;
      }
    }
    if (!forecast) throw new Error('a forecast was neither kept nor worked out');
    const member = forecast.forecasts.member(viewer.id);
    if (member === undefined) throw new AppError('NOT_FOUND', BID_MESSAGES.notParticipant);
    return presentForecast({
      sessionId,
      sessionVersion: forecast.counters.version,
      upToDate: !isNewer(versions, forecast.counters) && (isCurrent || forecast !== kept),
      forecast: member.forecast ?? undefined,
      isTheirTurn: forecast.turnHolderId === member.participantId,
    });
  }

  /** Forgets a session's forecast (a deleted session). */
  forget(sessionId: string): void {
    this.kept.delete(sessionId);
    this.thread.forget(sessionId);
  }

  /** Stops the forecast's worker thread (the server's shutdown). */
  close(): Promise<void> {
    return this.thread.close();
  }

  /** The session's forecast at `asked`, or the one being worked out already (one at a time per session). */
  private compute(sessionId: string, asked: StateVersions): Promise<SessionForecast> {
    const running = this.computing.get(sessionId);
    if (running) return running;
    const computation = this.workOut(sessionId, asked).finally(() => this.computing.delete(sessionId));
    this.computing.set(sessionId, computation);
    return computation;
  }

  private async workOut(sessionId: string, asked: StateVersions): Promise<SessionForecast> {
    const row = await findSessionById(this.db, sessionId);
    if (!row) throw new AppError('NOT_FOUND', BID_MESSAGES.sessionNotFound);
    if (row.status === 'completed') throw conflict(BID_MESSAGES.forecastAfterCompletion);
    const now = this.clock.now();
    const { state, readAt } = await this.engine.stateToPlay(row, now);
    const outcome = await this.thread.forecast(sessionId, state, now.getTime());
    if (!outcome.ok) throw conflict(outcome.message);
    const holder = state.session.status === 'active' ? getTurnHolder(state) : undefined;
    const forecast: SessionForecast = {
      // A running session's state may be of a step newer than the counters the read found.
      counters: readAt ?? asked,
      builtAt: now.getTime(),
      forecasts: outcome.forecasts,
      turnHolderId: holder?.participantId ?? null,
    };
    this.kept.delete(sessionId);
    this.kept.set(sessionId, forecast);
    while (this.kept.size > MAX_SESSIONS) {
      const oldest = this.kept.keys().next().value;
      if (oldest === undefined) break;
      this.forget(oldest);
    }
    return forecast;
  }
}
