/**
 * The administrators' data export (GET /api/admin/export): an .xlsx with the sheets Members and
 * Stations, built with the session export's sheet writer, so every text cell a spreadsheet program
 * could read as a formula is escaped the same way. No password hashes, no tokens: only what the
 * management screens show.
 */
import * as XLSX from '@e965/xlsx';
import { ADMIN_EXPORT_SHEETS, SHIFTS, type Station, type User } from '@stationbid/domain';
import { type Cell, toSheet } from '../session-admin/session-export.ts';

/** "2026-03-01 12:00:00 UTC"; empty when there is no time. */
function formatTime(iso: string | null): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC` : '';
}

function memberRows(members: readonly User[]): Cell[][] {
  return [
    [
      'Employee ID',
      'Last name',
      'First name',
      'E-mail',
      'Phone',
      'Rank',
      'Position',
      'Years of service',
      'Seniority score',
      'Bid priority',
      'Administrator',
      'Status',
      'Station',
      'Shift',
      'Seat',
      'Last sign-in',
    ],
    ...members.map((member) => [
      member.employeeId,
      member.lastName,
      member.firstName,
      member.email,
      member.phone,
      member.rank,
      member.position,
      member.yearsOfService,
      member.seniorityScore,
      member.bidPriority,
      member.isAdmin ? 'Yes' : 'No',
      member.status,
      member.currentStation ? `${member.currentStation.name} (${member.currentStation.number})` : '',
      member.currentShift,
      member.currentSeatPosition,
      formatTime(member.lastLoginAt),
    ]),
  ];
}

function stationRows(stations: readonly Station[]): Cell[][] {
  return [
    [
      'Number',
      'Name',
      'Address',
      'Active',
      ...SHIFTS.map((shift) => `Shift ${shift} seats`),
      ...SHIFTS.map((shift) => `Shift ${shift} filled`),
      'Total seats',
      'Filled seats',
      'Fill rate (%)',
    ],
    ...stations.map((station) => [
      station.number,
      station.name,
      station.address,
      station.isActive ? 'Yes' : 'No',
      ...SHIFTS.map((shift) => station.shiftCapacity[shift]),
      ...SHIFTS.map((shift) => station.occupancy[shift]),
      station.totalCapacity,
      station.totalOccupancy,
      station.fillRate,
    ]),
  ];
}

/** The workbook of every member and station, as .xlsx bytes. */
export function buildAdminWorkbook(members: readonly User[], stations: readonly Station[]): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, toSheet(memberRows(members)), ADMIN_EXPORT_SHEETS.members);
  XLSX.utils.book_append_sheet(workbook, toSheet(stationRows(stations)), ADMIN_EXPORT_SHEETS.stations);
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** "stationbid-data-20260301-120000.xlsx": the export time in UTC. */
export function adminExportFileName(exportedAt: Date): string {
  const stamp = exportedAt.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `stationbid-data-${stamp}.xlsx`;
}
