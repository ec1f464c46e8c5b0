/** The department's settings page (issue 16): the time zone every date is entered and shown in. */
import { type DepartmentSettingsResponse, timeZoneAbbreviation } from '@stationbid/domain';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { saveTimeZoneSetting } from './department-settings.repository.ts';
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

  /** `timeZone` was checked by the route's schema (an IANA zone this runtime knows). */
  async setTimeZone(adminId: string, timeZone: string): Promise<DepartmentSettingsResponse> {
    const at = this.clock.now();
    await saveTimeZoneSetting(this.db, timeZone, adminId, at);
    this.zone.remember(timeZone, at);
    return this.present({ timeZone, source: 'setting', updatedAt: at });
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
