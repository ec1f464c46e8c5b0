/** The department's settings page (issue 16): the time zone every date is entered and shown in. */
import { type DepartmentSettingsResponse, timeZoneAbbreviation } from '@stationbid/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { audit, auditActor } from '../../lib/audit-log.ts';
import type { Clock } from '../../lib/clock.ts';
import { clearTimeZoneSetting, saveTimeZoneSetting } from './department-settings.repository.ts';
import type { DepartmentZone, DepartmentZoneState } from './department-zone.ts';

export class DepartmentSettingsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly zone: DepartmentZone,
  ) {}

  async settings(): Promise<DepartmentSettingsResponse> {
    return this.present(await this.zone.readState());
  }

  /**
   * `timeZone` was checked by the route's schema (an IANA zone this runtime knows). `log`: the
   * request's logger, which writes the change's audit line (lib/audit-log.ts) once it is saved.
   */
  async setTimeZone(
    admin: { id: string; isAdmin: boolean },
    timeZone: string,
    log: FastifyBaseLogger,
  ): Promise<DepartmentSettingsResponse> {
    const at = this.clock.now();
    const before = await this.zone.read();
    await saveTimeZoneSetting(this.db, timeZone, admin.id, at);
    this.zone.remember(timeZone, at);
    audit(
      log,
      'settings.changed',
      { ...auditActor(admin), settings: before === timeZone ? [] : ['timeZone'] },
      before === timeZone
        ? `administrator saved the department's time zone unchanged (${timeZone})`
        : `administrator changed the department's time zone from ${before} to ${timeZone}`,
    );
    return this.present({ timeZone, source: 'setting', updatedAt: at });
  }

  /**
   * Clears the saved zone, so the default (DEPARTMENT_TIMEZONE, else the server's zone) applies again:
   * for a department that wants to follow the server's configuration rather than a setting of its own.
   */
  async useDefaultTimeZone(
    admin: { id: string; isAdmin: boolean },
    log: FastifyBaseLogger,
  ): Promise<DepartmentSettingsResponse> {
    const before = await this.zone.readState();
    await clearTimeZoneSetting(this.db, admin.id, this.clock.now());
    this.zone.forget();
    const after = this.zone.defaultTimeZone;
    audit(
      log,
      'settings.changed',
      { ...auditActor(admin), settings: before.source === 'default' ? [] : ['timeZone'] },
      before.source === 'default'
        ? `administrator cleared the department's time zone, which was not set (${after} stays)`
        : `administrator cleared the department's time zone ${before.timeZone}; the default ${after} applies`,
    );
    return this.present({ timeZone: after, source: 'default', updatedAt: null });
  }

  private present(state: DepartmentZoneState): DepartmentSettingsResponse {
    return {
      timeZone: state.timeZone,
      timeZoneAbbreviation: timeZoneAbbreviation(state.timeZone, this.clock.now()),
      source: state.source,
      defaultTimeZone: this.zone.defaultTimeZone,
      updatedAt: state.updatedAt?.toISOString() ?? null,
    };
  }
}
