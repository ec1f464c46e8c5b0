/**
 * Stations: reading them with their derived seat counts, the administrators' changes, and the
 * station import. Seats are the truth: changing a station's seat counts adds or removes seat
 * rows, and a seat a member holds is never removed from under them.
 */
import {
  type CreateStationRequest,
  emptySeatCounts,
  parseStationImportRow,
  plural,
  requestedSeatCounts,
  requestedSeatRules,
  SEAT_POSITIONS,
  type SeatCounts,
  type SeatRules,
  SHIFTS,
  type Shift,
  STATION_MESSAGES,
  type Station,
  type StationAvailabilityResponse,
  type StationImportChange,
  type StationImportResponse,
  type StationImportRow,
  type StationPositions,
  seatRuleCodes,
  seatRulesUnknownCodesMessage,
  stationHasMembersMessage,
  stationNumberTakenMessage,
  sumSeatCounts,
  totalCapacityMismatchMessage,
  type UpdateStationRequest,
  unknownCertificationCodesMessage,
} from '@stationbid/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, badRequest, conflict } from '../../lib/app-error.ts';
import { audit, auditActor } from '../../lib/audit-log.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SpreadsheetRow } from '../../lib/spreadsheet.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { listCertifications, shareCertificationCodes } from '../certifications/certifications.repository.ts';
import { type CurrentSeat, type PlanResult, planSeats, rulesForCounts } from './seat-plan.ts';
import { describeNewStationSeats, diffSeats, diffStationDetails } from './station-import-diff.ts';
import { presentStationPositions, presentStations } from './station-presenter.ts';
import {
  clearAllSeatAssignments,
  countMembersAtStation,
  deleteFreeSeats,
  deleteStation,
  findStationById,
  insertSeats,
  insertStation,
  listSeatAssignments,
  listSeatsWithHolder,
  listStations,
  lockStationById,
  type NewSeat,
  type StationChanges,
  type StationRow,
  setFreeSeatRules,
  summarizeSeats,
  updateStation,
} from './stations.repository.ts';

/** Who makes a change, for the activity log and the audit line. */
export interface StationActor {
  id: string;
  isAdmin: boolean;
  firstName: string;
  lastName: string;
}

/** Who reads: inactive stations are visible to administrators only. */
export interface StationReader {
  isAdmin: boolean;
}

const STATION_NUMBER_CONSTRAINT = 'stations_number_unique';

const actorName = (actor: StationActor) => `${actor.firstName} ${actor.lastName}`;
const stationLabel = (station: { number: number; name: string }) => `Station ${station.number} (${station.name})`;

export class StationsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** Active stations; an administrator may ask for inactive ones too. */
  async list(reader: StationReader, options: { includeInactive: boolean }): Promise<Station[]> {
    const rows = await listStations(this.db, { includeInactive: reader.isAdmin && options.includeInactive });
    return this.present(this.db, rows);
  }

  async get(reader: StationReader, id: string): Promise<Station> {
    const row = await findStationById(this.db, id);
    // An inactive station does not exist for members: same answer as an unknown id.
    if (!row || (!row.isActive && !reader.isAdmin)) throw new AppError('NOT_FOUND', STATION_MESSAGES.stationNotFound);
    const [station] = await this.present(this.db, [row]);
    if (!station) throw new AppError('NOT_FOUND', STATION_MESSAGES.stationNotFound);
    return station;
  }

  async availability(reader: StationReader, id: string): Promise<StationAvailabilityResponse> {
    const station = await this.get(reader, id);
    const availability = {
      A: this.shiftAvailability(station, 'A'),
      B: this.shiftAvailability(station, 'B'),
      C: this.shiftAvailability(station, 'C'),
    };
    return {
      station: { id: station.id, _id: station._id, number: station.number, name: station.name },
      availability,
      totalCapacity: station.totalCapacity,
      totalOccupied: station.totalOccupancy,
      totalAvailable: station.totalCapacity - station.totalOccupancy,
    };
  }

  async positions(reader: StationReader, id: string): Promise<StationPositions> {
    return presentStationPositions(await this.get(reader, id));
  }

  /** Active stations with at least one free seat. */
  async listAvailable(): Promise<Station[]> {
    const stations = await this.present(this.db, await listStations(this.db, { includeInactive: false }));
    return stations.filter((station) => station.totalCapacity > station.totalOccupancy);
  }

  /** Free seats per shift and position of every active station. */
  async listAvailablePositions(): Promise<StationPositions[]> {
    const stations = await this.present(this.db, await listStations(this.db, { includeInactive: false }));
    return stations.map(presentStationPositions);
  }

  /** `log`: the request's logger, which writes each change's audit line (lib/audit-log.ts) after the commit. */
  async create(body: CreateStationRequest, actor: StationActor, log: FastifyBaseLogger): Promise<Station> {
    const seatCounts = requestedSeatCounts(body) ?? emptySeatCounts();
    const seatRules = requestedSeatRules(body);
    this.checkTotalCapacity(body.totalCapacity, seatCounts);
    const now = this.clock.now();
    const row = await this.refuseTakenNumber(body.number, () =>
      this.db.transaction(async (tx) => {
        if (seatRules) await this.checkCertificationCodes(tx, seatRules);
        const created = await insertStation(tx, {
          number: body.number,
          name: body.name,
          address: body.address,
          location: body.location ?? null,
          description: body.description ?? null,
          phoneNumber: body.phoneNumber ?? null,
          email: body.email ?? null,
          isActive: body.isActive ?? true,
          preferredRanks: body.preferredRanks ?? [],
          createdAt: now,
          updatedAt: now,
        });
        await insertSeats(
          tx,
          seatRules ? newRuledSeatRows(created.id, seatRules) : newSeatRows(created.id, seatCounts),
        );
        await recordActivity(tx, {
          memberId: actor.id,
          actorName: actorName(actor),
          type: 'station',
          title: 'Station created',
          description: `${actorName(actor)} created ${stationLabel(created)} with ${sumSeatCounts(seatCounts)} seats`,
          details: { stationId: created.id, action: 'create' },
          at: now,
        });
        return created;
      }),
    );
    audit(
      log,
      'station.created',
      { ...auditActor(actor), stationId: row.id },
      `administrator created station ${row.number}`,
    );
    return this.get({ isAdmin: true }, row.id);
  }

  async update(id: string, body: UpdateStationRequest, actor: StationActor, log: FastifyBaseLogger): Promise<Station> {
    const seatCounts = requestedSeatCounts(body);
    const seatRules = requestedSeatRules(body);
    const now = this.clock.now();
    const fields = await this.refuseTakenNumber(body.number, () =>
      this.db.transaction(async (tx) => {
        const existing = await lockStationById(tx, id);
        if (!existing) throw new AppError('NOT_FOUND', STATION_MESSAGES.stationNotFound);
        const changes: StationChanges = { updatedAt: now };
        if (body.number !== undefined) changes.number = body.number;
        if (body.name !== undefined) changes.name = body.name;
        if (body.address !== undefined) changes.address = body.address;
        if (body.location !== undefined) changes.location = body.location;
        if (body.description !== undefined) changes.description = body.description;
        if (body.phoneNumber !== undefined) changes.phoneNumber = body.phoneNumber;
        if (body.email !== undefined) changes.email = body.email;
        if (body.isActive !== undefined) changes.isActive = body.isActive;
        if (body.preferredRanks !== undefined) changes.preferredRanks = body.preferredRanks;
        await updateStation(tx, id, changes);

        const seatsNow = await listSeatsWithHolder(tx, id);
        if (seatCounts) {
          this.checkTotalCapacity(body.totalCapacity, seatCounts);
          if (seatRules) await this.checkCertificationCodes(tx, seatRules);
          await this.syncSeats(tx, id, seatsNow, seatRules ?? refuseOr(rulesForCounts(seatsNow, seatCounts)));
        } else if (body.totalCapacity !== undefined && body.totalCapacity !== seatsNow.length) {
          throw badRequest(totalCapacityMismatchMessage(body.totalCapacity, seatsNow.length));
        }
        const label = stationLabel({ number: changes.number ?? existing.number, name: changes.name ?? existing.name });
        await recordActivity(tx, {
          memberId: actor.id,
          actorName: actorName(actor),
          type: 'station',
          title: 'Station updated',
          description: `${actorName(actor)} updated ${label}`,
          details: { stationId: id, action: 'edit' },
          at: now,
        });
        const changed = (Object.keys(changes) as (keyof StationChanges)[]).filter(
          (field) => field !== 'updatedAt' && JSON.stringify(changes[field]) !== JSON.stringify(existing[field]),
        );
        return seatCounts ? [...changed, 'seats'] : changed;
      }),
    );
    audit(
      log,
      'station.updated',
      { ...auditActor(actor), stationId: id, fields },
      `administrator changed a station: ${fields.join(', ') || 'nothing'}`,
    );
    return this.get({ isAdmin: true }, id);
  }

  /** Deletes a station nobody is assigned to; with members assigned, suggests deactivating. */
  async delete(id: string, actor: StationActor, log: FastifyBaseLogger): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const station = await lockStationById(tx, id);
      if (!station) throw new AppError('NOT_FOUND', STATION_MESSAGES.stationNotFound);
      const assignedCount = await countMembersAtStation(tx, id);
      if (assignedCount > 0) {
        throw conflict(stationHasMembersMessage(station.number, station.name, assignedCount), { assignedCount });
      }
      await deleteStation(tx, id);
      await recordActivity(tx, {
        memberId: actor.id,
        actorName: actorName(actor),
        type: 'station',
        title: 'Station deleted',
        description: `${actorName(actor)} deleted ${stationLabel(station)}`,
        details: { stationId: id, action: 'delete' },
        at: now,
      });
    });
    audit(log, 'station.deleted', { ...auditActor(actor), stationId: id }, 'administrator deleted a station');
  }

  /** Frees every seat at every station; answers how many members lost theirs. */
  async clearAllAssignments(actor: StationActor, log: FastifyBaseLogger): Promise<number> {
    const now = this.clock.now();
    const cleared = await this.db.transaction(async (tx) => {
      const cleared = await clearAllSeatAssignments(tx, now);
      await recordActivity(tx, {
        memberId: actor.id,
        actorName: actorName(actor),
        type: 'station',
        title: 'Station assignments cleared',
        description: `${actorName(actor)} cleared all station assignments (${cleared} members)`,
        details: { action: 'clear-assignments', cleared },
        at: now,
      });
      return cleared;
    });
    audit(
      log,
      'station.assignments_cleared',
      { ...auditActor(actor), count: cleared },
      `administrator cleared every station assignment (${cleared} members)`,
    );
    return cleared;
  }

  /**
   * Creates a station per good row and updates the station already here when a row names its
   * number (its details, and its seats as an edit changes them: held seats are never removed),
   * each row in its own transaction, so a bad row never stops the others. Every refused row has its
   * reason in `errors`. A row's seat rules may name only codes of the department's catalogue; that
   * is checked in the row's transaction, because the pure row parser cannot know the catalogue.
   * A dry run (the preview) runs the very same transactions and rolls each back, so what it
   * answers is what the import then does.
   */
  async importStations(
    rows: SpreadsheetRow[],
    actor: StationActor,
    log: FastifyBaseLogger,
    options: { dryRun?: boolean; unknownColumns?: readonly string[] } = {},
  ): Promise<StationImportResponse['results']> {
    const dryRun = options.dryRun === true;
    const errors: { row: number; error: string }[] = [];
    const changes: StationImportChange[] = [];
    const existingByNumber = new Map(
      (await listStations(this.db, { includeInactive: true })).map((station) => [station.number, station]),
    );
    const fileRowByNumber = new Map<number, number>();
    let created = 0;
    let updated = 0;
    let unchanged = 0;
    for (const row of rows) {
      const parsed = parseStationImportRow(row.values);
      if (!parsed.ok) {
        errors.push({ row: row.rowNumber, error: parsed.error });
        continue;
      }
      const station = parsed.station;
      const earlierRow = fileRowByNumber.get(station.number);
      if (earlierRow !== undefined) {
        errors.push({
          row: row.rowNumber,
          error: `Skipped: station number ${station.number} is already used in row ${earlierRow} of this file`,
        });
        continue;
      }
      const existing = existingByNumber.get(station.number);
      let outcome: ImportRowOutcome;
      try {
        outcome = await this.inDryRunOr(dryRun, (tx) =>
          existing ? this.importOverExisting(tx, existing, station, row.values) : this.importNew(tx, station),
        );
      } catch (error) {
        if (isUniqueViolation(error, STATION_NUMBER_CONSTRAINT)) {
          // Created by someone else since the stations were read.
          outcome = { refusal: `Skipped: ${stationNumberTakenMessage(station.number)}` };
        } else if (error instanceof AppError && error.statusCode < 500) {
          // The seat plan's refusals (members hold the seats a row would remove).
          outcome = { refusal: `Station ${station.number}: ${error.message}` };
        } else {
          throw error;
        }
      }
      if ('refusal' in outcome) {
        errors.push({ row: row.rowNumber, error: outcome.refusal });
        continue;
      }
      fileRowByNumber.set(station.number, row.rowNumber);
      if (outcome.kind === 'unchanged') {
        unchanged += 1;
        continue;
      }
      if (outcome.kind === 'new') created += 1;
      else updated += 1;
      changes.push({
        row: row.rowNumber,
        kind: outcome.kind,
        number: station.number,
        name: station.name,
        fields: outcome.fields,
      });
    }
    const results = {
      created,
      skipped: errors.length,
      total: rows.length,
      errors,
      updated,
      unchanged,
      changes,
      unknownColumns: [...(options.unknownColumns ?? [])],
      dryRun,
    };
    if (dryRun) return results;
    if (created > 0 || updated > 0) {
      await recordActivity(this.db, {
        memberId: actor.id,
        actorName: actorName(actor),
        type: 'station',
        title: 'Stations imported',
        description: `${actorName(actor)} imported ${created} stations, updated ${updated} (${errors.length} skipped)`,
        details: { action: 'import', created, updated, skipped: errors.length },
        at: this.clock.now(),
      });
    }
    audit(
      log,
      'station.imported',
      { ...auditActor(actor), created, skipped: errors.length, total: rows.length },
      `administrator imported stations: ${created} created, ${updated} updated, ${errors.length} skipped`,
    );
    return results;
  }

  /** Runs `work` in a transaction, which a dry run rolls back once the work has answered. */
  private async inDryRunOr<T>(dryRun: boolean, work: (tx: Executor) => Promise<T>): Promise<T> {
    if (!dryRun) return this.db.transaction(work);
    let answer: { value: T } | undefined;
    try {
      await this.db.transaction(async (tx) => {
        answer = { value: await work(tx) };
        throw new DryRunRollback();
      });
    } catch (error) {
      if (!(error instanceof DryRunRollback)) throw error;
    }
    if (answer === undefined) throw new Error('dry run finished without an answer');
    return answer.value;
  }

  /** An import row's new station; refused when its seat rules name codes the department does not have. */
  private async importNew(tx: Executor, station: StationImportRow): Promise<ImportRowOutcome> {
    if (station.seatRules) {
      const refusal = await this.refuseUnknownCodes(tx, station.seatRules);
      if (refusal !== null) return { refusal };
    }
    const now = this.clock.now();
    const inserted = await insertStation(tx, {
      number: station.number,
      name: station.name,
      address: station.address,
      description: station.description,
      phoneNumber: station.phoneNumber,
      email: station.email,
      isActive: station.isActive,
      preferredRanks: station.preferredRanks,
      createdAt: now,
      updatedAt: now,
    });
    await insertSeats(
      tx,
      station.seatRules ? newRuledSeatRows(inserted.id, station.seatRules) : newSeatRows(inserted.id, station.seats),
    );
    return { kind: 'new', fields: [describeNewStationSeats(station)] };
  }

  /**
   * An import row over the station with its number: the details it changes, and its seats changed
   * as an edit of the same counts (or seat rules) would change them.
   */
  private async importOverExisting(
    tx: Executor,
    existing: StationRow,
    station: StationImportRow,
    cells: Readonly<Record<string, string>>,
  ): Promise<ImportRowOutcome> {
    const locked = await lockStationById(tx, existing.id);
    if (!locked) return { refusal: `Skipped: Station ${station.number} was deleted while the file was imported` };
    const details = diffStationDetails(locked, station, cells);
    const seatsNow = await listSeatsWithHolder(tx, existing.id);
    if (station.seatRules) {
      const refusal = await this.refuseUnknownCodes(tx, station.seatRules);
      if (refusal !== null) return { refusal };
    }
    const requested: PlanResult<SeatRules> = station.seatRules
      ? { ok: true, value: station.seatRules }
      : rulesForCounts(seatsNow, station.seats);
    if (!requested.ok) return { refusal: `Station ${station.number}: ${requested.message}` };
    const seatFields = diffSeats(seatsNow, requested.value);
    const fields = [...details.fields, ...seatFields];
    if (fields.length === 0) return { kind: 'unchanged' };
    if (details.fields.length > 0) {
      await updateStation(tx, existing.id, { ...details.changes, updatedAt: this.clock.now() });
    }
    if (seatFields.length > 0) await this.syncSeats(tx, existing.id, seatsNow, requested.value);
    return { kind: 'updated', fields };
  }

  /** The import's refusal of seat rules naming codes the department does not have, or null. */
  private async refuseUnknownCodes(tx: Executor, rules: SeatRules): Promise<string | null> {
    const unknown = await this.findUnknownCodes(tx, rules);
    if (unknown.length === 0) return null;
    const catalogue = (await listCertifications(tx)).map((certification) => certification.code);
    return seatRulesUnknownCodesMessage(unknown, catalogue);
  }

  private shiftAvailability(station: Station, shift: Shift) {
    return {
      capacity: station.shiftCapacity[shift],
      occupied: station.occupancy[shift],
      available: station.shiftCapacity[shift] - station.occupancy[shift],
      availablePositions: station.availablePositions[shift],
    };
  }

  private async present(executor: Executor, rows: StationRow[]): Promise<Station[]> {
    const ids = rows.map((row) => row.id);
    const [summaries, assignments] = await Promise.all([
      summarizeSeats(executor, ids),
      listSeatAssignments(executor, ids),
    ]);
    return presentStations(rows, summaries, assignments);
  }

  private checkTotalCapacity(totalCapacity: number | undefined, seatCounts: SeatCounts): void {
    const seatTotal = sumSeatCounts(seatCounts);
    if (totalCapacity !== undefined && totalCapacity !== seatTotal) {
      throw badRequest(totalCapacityMismatchMessage(totalCapacity, seatTotal));
    }
  }

  /** Runs a write; a taken station number becomes 409 with the number in the message. */
  private async refuseTakenNumber<T>(number: number | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (number !== undefined && isUniqueViolation(error, STATION_NUMBER_CONSTRAINT)) {
        throw conflict(stationNumberTakenMessage(number));
      }
      throw error;
    }
  }

  /**
   * Refuses seat rules that name a certification the department does not have, naming them. The
   * codes it finds stay held FOR SHARE until the transaction ends, so they cannot be renamed or
   * deleted under the seats that are about to require them.
   */
  private async checkCertificationCodes(tx: Executor, rules: SeatRules): Promise<void> {
    const unknown = await this.findUnknownCodes(tx, rules);
    if (unknown.length > 0) throw badRequest(unknownCertificationCodesMessage(unknown), { unknownCodes: unknown });
  }

  /** The codes the groups name that the department does not have; the others stay held FOR SHARE. */
  private async findUnknownCodes(tx: Executor, rules: SeatRules): Promise<string[]> {
    const codes = seatRuleCodes(rules);
    const known = new Set(await shareCertificationCodes(tx, codes));
    return codes.filter((code) => !known.has(code));
  }

  /**
   * Removes, relabels and adds seat rows until each shift and position has the requested groups
   * (seat-plan.ts). Only free seats are removed or given other rules; if members hold too many
   * seats of a group, nothing changes.
   */
  private async syncSeats(
    tx: Executor,
    stationId: string,
    seatsNow: CurrentSeat[],
    requested: SeatRules,
  ): Promise<void> {
    const plan = refuseOr(planSeats(seatsNow, requested));
    const removed = await deleteFreeSeats(tx, plan.remove);
    let relabelled = 0;
    for (const change of plan.relabel) {
      relabelled += await setFreeSeatRules(tx, change.seatIds, change);
    }
    const expectedRelabels = plan.relabel.reduce((sum, change) => sum + change.seatIds.length, 0);
    if (removed !== plan.remove.length || relabelled !== expectedRelabels) {
      throw conflict('A member took one of the seats being changed. Reload the station and try again.');
    }
    await insertSeats(
      tx,
      plan.add.map((seat) => ({ stationId, ...seat })),
    );
  }
}

/** The import's message: what it did, or for a preview what it would do and that nothing is saved yet. */
export function describeStationImport(results: StationImportResponse['results']): string {
  if (results.dryRun) {
    return (
      `Preview: ${plural(results.created, 'new station')}, ${results.updated} updated, ` +
      `${results.unchanged} unchanged, ${plural(results.skipped, 'row')} with errors. Nothing is saved yet.`
    );
  }
  return `Import completed! ${plural(results.created, 'station')} created, ${results.updated} updated, ${results.skipped} skipped.`;
}

/** Thrown inside a dry run's transaction to roll it back once its work has answered. */
class DryRunRollback extends Error {}

/** What one import row did (or, in a dry run, would do). */
type ImportRowOutcome = { kind: 'new' | 'updated'; fields: string[] } | { kind: 'unchanged' } | { refusal: string };

/** The plan's value, or its refusal as a 409. */
function refuseOr<T>(result: PlanResult<T>): T {
  if (!result.ok) throw conflict(result.message);
  return result.value;
}

/** Seat rows of a new station's groups, numbered 1..N per shift and position across its groups. */
function newRuledSeatRows(stationId: string, rules: SeatRules): NewSeat[] {
  return SHIFTS.flatMap((shift) => {
    const next = new Map<string, number>();
    return rules[shift].flatMap((rule) =>
      Array.from({ length: rule.count }, () => {
        const ordinal = (next.get(rule.position) ?? 0) + 1;
        next.set(rule.position, ordinal);
        return {
          stationId,
          shift,
          seatPosition: rule.position,
          ordinal,
          requires: rule.requires,
          mustFill: rule.mustFill,
        };
      }),
    );
  });
}

/** Seat rows numbered 1..N for each shift and position of a new station. */
function newSeatRows(stationId: string, counts: SeatCounts) {
  return SHIFTS.flatMap((shift) =>
    SEAT_POSITIONS.flatMap((position) =>
      Array.from({ length: counts[shift][position] }, (_, index) => ({
        stationId,
        shift,
        seatPosition: position,
        ordinal: index + 1,
      })),
    ),
  );
}
