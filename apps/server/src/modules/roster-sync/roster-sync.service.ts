/**
 * Roster sync (docs/integrations.md, "Roster sync"): makes the members match another system's
 * whole active roster. Each row is checked by the member import's own steps (planRows: the same
 * columns, checks and errors), all rows first, saving nothing; then one transaction saves the new
 * and changed members, reactivates the inactive ones the roster lists and deactivates the active
 * ones it leaves out, so the department never sees half a roster. Sending the same roster again
 * plans no change, so it writes nothing.
 *
 * One roster sync runs at a time (an import job of kind 'roster': a unique index), so no two plans
 * are checked against members the other is changing. An administrator's edit or a spreadsheet
 * import racing with the final transaction makes it fail whole (409); nothing is half done.
 */
import {
  IMPORT_JOB_ROW_THRESHOLD,
  MEMBER_IMPORT_COLUMN_ALIASES,
  MEMBER_IMPORT_REQUIRED_COLUMNS,
  type MemberImportResult,
  plural,
  ROSTER_COLUMNS,
  ROSTER_SYNC_MESSAGES,
  type RosterSyncJob,
  type RosterSyncResult,
  rosterDeactivationLimit,
  rosterJsonBodySchema,
  rosterMemberCells,
  rosterMemberSchema,
} from '@stationbid/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { violatedConstraint } from '../../db/errors.ts';
import { AppError, badRequest, conflict } from '../../lib/app-error.ts';
import { type AuditFields, audit } from '../../lib/audit-log.ts';
import type { Clock } from '../../lib/clock.ts';
import { readMatchedSpreadsheetRows } from '../../lib/import-headers.ts';
import type { SpreadsheetRow } from '../../lib/spreadsheet.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import type { ImportJobRow } from '../admin-users/import-jobs.repository.ts';
import type { ImportJobMessages, ImportJobsService } from '../admin-users/import-jobs.service.ts';
import { presentImportJob } from '../admin-users/import-jobs.service.ts';
import type { ImportProgress, MemberImportService, PlannedRow } from '../admin-users/member-import.service.ts';
import { announceMemberChanged, announceMembersAdded } from '../auth/member-cache.ts';
import { queueMemberChanged } from '../webhooks/webhook-events.ts';
import {
  type ActiveRosterMember,
  deactivateMembers,
  findMembersInRunningSessions,
  listActiveMembers,
} from './roster-sync.repository.ts';

/** Who sent the roster: an administrator signed in, or another system with an API token. */
export interface RosterSender {
  /** The administrator's member id; null for an API token. */
  memberId: string | null;
  /** As the activity feed names them: "Dana Hale", or 'API token "HR nightly"'. */
  name: string;
  audit: Pick<AuditFields, 'actorId' | 'actorRole' | 'apiTokenId'>;
}

/** A roster read from the request: its rows as the import's, and what could not be read of it. */
export interface Roster {
  /** "roster.json" or "roster.csv": the job's and the activity's file name. */
  fileName: string;
  rows: SpreadsheetRow[];
  /** Fields or headers that name no roster column, as sent; not read. */
  unknownColumns: string[];
  /** Members of a JSON roster that are not an object of fields, refused as rows. */
  unreadableRows: { row: number; error: string; employeeId: string | null }[];
  total: number;
}

export interface RosterSyncOptions {
  dryRun: boolean;
  mode: 'auto' | 'job' | 'sync';
  allowMassDeactivation: boolean;
}

export type RosterSyncAnswer =
  | { kind: 'results'; results: RosterSyncResult; message: string }
  | { kind: 'job'; job: RosterSyncJob; message: string };

const ROSTER_JOB_MESSAGES: ImportJobMessages = {
  jobNotFound: ROSTER_SYNC_MESSAGES.jobNotFound,
  serverStopped: ROSTER_SYNC_MESSAGES.serverStopped,
  failed: ROSTER_SYNC_MESSAGES.failed,
  alreadyRunning: ROSTER_SYNC_MESSAGES.alreadyRunning,
};

/** Every employee ID the roster names, its rows with errors too: a member on the roster is never deactivated. */
function listedEmployeeIds(roster: Roster): Set<string> {
  const listed = new Set<string>();
  for (const row of roster.rows) if (row.values.employeeId) listed.add(row.values.employeeId);
  for (const row of roster.unreadableRows) if (row.employeeId) listed.add(row.employeeId);
  return listed;
}

function presentRosterJob(row: ImportJobRow): RosterSyncJob {
  return { ...presentImportJob<RosterSyncResult>(row), startedBy: row.startedBy };
}

const fullName = (member: { firstName: string; lastName: string }) => `${member.firstName} ${member.lastName}`;

/** A roster's rows as checked (planRows), before anything is saved. */
interface CheckedRoster {
  imported: MemberImportResult;
  planned: PlannedRow[];
  roster: Roster;
}

/** What a roster did (or, in a dry run, would do): the rows as checked and who it deactivates. */
function rosterResult(checked: CheckedRoster, deactivations: Deactivations, dryRun: boolean): RosterSyncResult {
  const { imported, planned, roster } = checked;
  const errors = [...imported.errors, ...roster.unreadableRows.map(({ row, error }) => ({ row, error }))].sort(
    (a, b) => a.row - b.row,
  );
  return {
    ...imported,
    total: roster.total,
    errors,
    skipped: errors.length,
    emailsQueued: imported.created,
    deactivated: deactivations.deactivate.length,
    deactivations: deactivations.deactivate.map((member) => ({
      employeeId: member.employeeId,
      name: fullName(member),
    })),
    reactivated: planned.filter((entry) => entry.kind === 'updated' && entry.update.changes.isActive === true).length,
    keptActive: deactivations.keptActive,
    dryRun,
  };
}

/** Who a roster deactivates and who it leaves out but keeps active (administrators, members bidding now). */
interface Deactivations {
  deactivate: ActiveRosterMember[];
  keptActive: RosterSyncResult['keptActive'];
  activeCount: number;
}

/** "Roster synced: 2 new members, 3 updated, 290 unchanged, 1 deactivated, 1 row with errors." */
export function describeRosterSync(result: RosterSyncResult): string {
  const counts = [
    plural(result.created, 'new member'),
    `${result.updated ?? 0} updated`,
    `${result.unchanged ?? 0} unchanged`,
    `${result.deactivated} deactivated`,
  ];
  if (result.keptActive.length > 0) counts.push(`${result.keptActive.length} left out but kept active`);
  counts.push(`${plural(result.skipped, 'row')} with errors`);
  return result.dryRun
    ? `Preview: ${counts.join(', ')}. Nothing is changed yet.`
    : `Roster synced: ${counts.join(', ')}.`;
}

export class RosterSyncService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly memberImport: MemberImportService,
    private readonly jobs: ImportJobsService,
  ) {}

  /**
   * The roster in a request body: a CSV file's bytes (the member import's headers, read as the
   * import reads them) or a JSON object `{ members: [...] }`. A body that is neither is a 400.
   */
  async readRoster(body: unknown): Promise<Roster> {
    if (Buffer.isBuffer(body)) {
      const { rows, unknownColumns } = await readMatchedSpreadsheetRows('roster.csv', body, {
        all: ROSTER_COLUMNS,
        required: MEMBER_IMPORT_REQUIRED_COLUMNS,
        aliases: MEMBER_IMPORT_COLUMN_ALIASES,
      });
      return { fileName: 'roster.csv', rows, unknownColumns, unreadableRows: [], total: rows.length };
    }
    const parsed = rosterJsonBodySchema.safeParse(body);
    if (!parsed.success) {
      const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
      throw badRequest(
        isObject
          ? (parsed.error.issues[0]?.message ?? ROSTER_SYNC_MESSAGES.bodyInvalid)
          : ROSTER_SYNC_MESSAGES.bodyInvalid,
      );
    }
    const rows: SpreadsheetRow[] = [];
    const unknownColumns = new Set<string>();
    const unreadableRows: Roster['unreadableRows'] = [];
    parsed.data.members.forEach((entry, index) => {
      const rowNumber = index + 1;
      const member = rosterMemberSchema.safeParse(entry);
      if (!member.success) {
        const employeeId =
          typeof entry === 'object' && entry !== null && 'employeeId' in entry && typeof entry.employeeId === 'string'
            ? entry.employeeId.trim()
            : null;
        const field = member.error.issues[0]?.path[0];
        unreadableRows.push({
          row: rowNumber,
          error:
            typeof field === 'string'
              ? `${field} must be text or a number (certifications: a list of codes)`
              : ROSTER_SYNC_MESSAGES.memberNotObject(rowNumber),
          employeeId,
        });
        return;
      }
      const { values, unknownKeys } = rosterMemberCells(member.data);
      for (const key of unknownKeys) unknownColumns.add(key);
      rows.push({ rowNumber, values });
    });
    return {
      fileName: 'roster.json',
      rows,
      unknownColumns: [...unknownColumns],
      unreadableRows,
      total: parsed.data.members.length,
    };
  }

  /**
   * Syncs the members with the roster, or (dryRun) answers what it would change. Above the
   * import's row threshold (or with mode=job) it runs as a job answered at once.
   */
  async sync(sender: RosterSender, roster: Roster, options: RosterSyncOptions): Promise<RosterSyncAnswer> {
    if (options.dryRun) {
      const checked = await this.checkRows(roster, undefined);
      const deactivations = await this.findDeactivations(this.db, listedEmployeeIds(roster));
      const result = rosterResult(checked, deactivations, true);
      const message = this.withLimitWarning(describeRosterSync(result), result, deactivations.activeCount);
      return { kind: 'results', results: result, message };
    }
    const job = await this.jobs.open(
      {
        kind: 'roster',
        createdById: sender.memberId,
        startedBy: sender.name,
        fileName: roster.fileName,
        rowsTotal: roster.total,
      },
      ROSTER_JOB_MESSAGES,
    );
    const work = async (onProgress: ImportProgress) => {
      const results = await this.apply(sender, roster, options, onProgress);
      return { results, message: describeRosterSync(results) };
    };
    if (options.mode === 'job' || (options.mode === 'auto' && roster.total > IMPORT_JOB_ROW_THRESHOLD)) {
      this.jobs.startInBackground(job, ROSTER_JOB_MESSAGES, work);
      return {
        kind: 'job',
        job: presentRosterJob(job),
        message: `Roster sync of ${plural(roster.total, 'member')} started.`,
      };
    }
    const results = await this.jobs.runNow(job, ROSTER_JOB_MESSAGES, work);
    return { kind: 'results', results, message: describeRosterSync(results) };
  }

  /** A roster sync job as it stands, with its results once it has finished. */
  async getJob(id: string): Promise<RosterSyncJob> {
    return presentRosterJob(await this.jobs.getJob(id, 'roster', ROSTER_JOB_MESSAGES));
  }

  /** The latest roster syncs, newest first: what the Integrations page shows. */
  async listJobs(limit: number): Promise<RosterSyncJob[]> {
    return (await this.jobs.listJobs('roster', limit, ROSTER_JOB_MESSAGES)).map(presentRosterJob);
  }

  /** The dry run's message, and the refusal the real sync would meet past the deactivation limit. */
  private withLimitWarning(message: string, results: RosterSyncResult, activeCount: number): string {
    const limit = rosterDeactivationLimit(activeCount);
    if (results.deactivated <= limit) return message;
    return `${message} ${ROSTER_SYNC_MESSAGES.massDeactivation(results.deactivated, activeCount, limit)}`;
  }

  /** Every row checked by the member import's steps, nothing saved; who to deactivate is the caller's to read. */
  private async checkRows(roster: Roster, onProgress: ImportProgress | undefined): Promise<CheckedRoster> {
    const { result, planned } = await this.memberImport.planRows(roster.rows, onProgress, {
      unknownColumns: roster.unknownColumns,
      reactivates: true,
      now: this.clock.now(),
    });
    return { imported: result, planned, roster };
  }

  /** The active members the roster leaves out: deactivated, but for administrators and members bidding now. */
  private async findDeactivations(executor: Executor, listed: ReadonlySet<string>): Promise<Deactivations> {
    const [active, bidding] = await Promise.all([listActiveMembers(executor), findMembersInRunningSessions(executor)]);
    const deactivate: ActiveRosterMember[] = [];
    const keptActive: RosterSyncResult['keptActive'] = [];
    for (const member of active) {
      if (listed.has(member.employeeId)) continue;
      const session = bidding.get(member.id);
      const reason = member.isAdmin
        ? ROSTER_SYNC_MESSAGES.keptAdministrator
        : session !== undefined
          ? ROSTER_SYNC_MESSAGES.keptInRunningSession(session)
          : undefined;
      if (reason === undefined) deactivate.push(member);
      else keptActive.push({ employeeId: member.employeeId, name: fullName(member), reason });
    }
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    deactivate.sort((a, b) => byName({ name: fullName(a) }, { name: fullName(b) }));
    keptActive.sort(byName);
    return { deactivate, keptActive, activeCount: active.length };
  }

  /**
   * Plans every row, then saves the whole roster in one transaction. Who is deactivated is read
   * again inside it, so a member who joined a running session since the plan is kept active.
   */
  private async apply(
    sender: RosterSender,
    roster: Roster,
    options: RosterSyncOptions,
    onProgress: ImportProgress,
  ): Promise<RosterSyncResult> {
    const checked = await this.checkRows(roster, onProgress);
    const { planned } = checked;
    const now = this.clock.now();
    const listed = listedEmployeeIds(roster);
    let deactivated: string[] = [];
    let result = rosterResult(checked, { deactivate: [], keptActive: [], activeCount: 0 }, false);
    try {
      await this.db.transaction(async (tx) => {
        const deactivations = await this.findDeactivations(tx, listed);
        const limit = rosterDeactivationLimit(deactivations.activeCount);
        if (deactivations.deactivate.length > limit && !options.allowMassDeactivation) {
          throw new AppError(
            'CONFLICT',
            ROSTER_SYNC_MESSAGES.massDeactivation(deactivations.deactivate.length, deactivations.activeCount, limit),
          );
        }
        await this.memberImport.saveImportedRows(tx, planned, now);
        deactivated = await deactivateMembers(
          tx,
          deactivations.deactivate.map((member) => member.id),
          now,
        );
        const changedIds = new Set(deactivated);
        const madeInactive = deactivations.deactivate.filter((member) => changedIds.has(member.id));
        for (const member of madeInactive) {
          await queueMemberChanged(tx, { id: member.id, employeeId: member.employeeId, change: 'deactivated' }, now);
        }
        result = rosterResult(checked, { ...deactivations, deactivate: madeInactive }, false);
        if (result.created + (result.updated ?? 0) + result.deactivated > 0) {
          await recordActivity(tx, {
            memberId: sender.memberId,
            actorName: sender.name,
            type: 'user',
            title: 'Roster synced',
            description: `${sender.name} synced the roster (${roster.fileName}): ${result.created} created, ${result.updated ?? 0} updated, ${result.deactivated} deactivated, ${result.skipped} skipped`,
            details: {
              fileName: roster.fileName,
              created: result.created,
              updated: result.updated ?? 0,
              deactivated: result.deactivated,
              skipped: result.skipped,
              total: result.total,
            },
            at: now,
          });
        }
      });
    } catch (error) {
      // An e-mail, employee ID or seat taken by another request since the plan: nothing was saved.
      if (violatedConstraint(error) !== undefined) throw conflict(ROSTER_SYNC_MESSAGES.raced);
      throw error;
    }
    if (result.created > 0) announceMembersAdded(this.db);
    for (const entry of planned) if (entry.kind === 'updated') announceMemberChanged(this.db, entry.update.memberId);
    for (const memberId of deactivated) announceMemberChanged(this.db, memberId);
    audit(
      this.log,
      'member.roster_synced',
      {
        ...sender.audit,
        created: result.created,
        updated: result.updated ?? 0,
        deactivated: result.deactivated,
        skipped: result.skipped,
        total: result.total,
      },
      `roster synced: ${result.created} created, ${result.updated ?? 0} updated, ${result.deactivated} deactivated, ${result.skipped} skipped`,
    );
    return result;
  }
}
