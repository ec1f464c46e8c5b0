import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

export const stations = pgTable(
  'stations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    location: text('location'),
    description: text('description'),
    phoneNumber: text('phone_number'),
    email: text('email'),
    isActive: boolean('is_active').notNull().default(true),
    preferredRanks: jsonb('preferred_ranks').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    unique('stations_number_unique').on(table.number),
    check('stations_number_positive', sql`${table.number} >= 1`),
    check('stations_name_not_blank', sql`length(trim(${table.name})) > 0`),
  ],
);

/**
 * One row per place to work: a station's shift and seat position, numbered 1..N. Capacity is the
 * count of rows, occupancy the count of members whose current seat is one of them, so neither is
 * ever stored twice and occupancy cannot pass capacity.
 */
export const seats = pgTable(
  'seats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    shift: text('shift').notNull(),
    seatPosition: text('seat_position').notNull(),
    ordinal: integer('ordinal').notNull(),
    /** Certification codes a member must hold to take this seat (["PM"]); empty: none. */
    requires: jsonb('requires').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * Minimum staffing: while members qualified for it are still to bid, the engine never lets the
     * seat become impossible to fill (docs/bidding-rules.md, "Seats that must be filled").
     */
    mustFill: boolean('must_fill').notNull().default(false),
  },
  (table) => [
    unique('seats_station_shift_position_ordinal_unique').on(
      table.stationId,
      table.shift,
      table.seatPosition,
      table.ordinal,
    ),
    index('seats_station_idx').on(table.stationId, table.shift, table.seatPosition),
    check('seats_shift_known', sql`${table.shift} in ('A','B','C')`),
    check('seats_position_known', sql`${table.seatPosition} in ('Captain','Lieutenant','Engineer','Firefighter')`),
    check('seats_ordinal_positive', sql`${table.ordinal} >= 1`),
  ],
);
