import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { seats } from './stations.ts';

/** Rank-based seat eligibility, bid preferences, etc. are checked in the domain; the table keeps the hard rules. */
export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-case; the unique index on lower(email) keeps it unique whatever the case. */
    email: text('email').notNull(),
    /** Null while the member has not set a password yet (status "pending"). */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    address: text('address'),
    employeeId: text('employee_id').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    rank: text('rank').notNull().default('Firefighter'),
    position: text('position').notNull().default('Firefighter'),
    yearsOfService: integer('years_of_service').notNull().default(0),
    manualSeniorityScore: integer('manual_seniority_score'),
    /** Seniority keys a department's rule may read (docs/bidding-rules.md, "Seniority"): YYYY-MM-DD dates. */
    hireDate: date('hire_date', { mode: 'string' }),
    /** Promotion to the current rank ("time in rank"). */
    rankDate: date('rank_date', { mode: 'string' }),
    /** The civil-service list number that splits a same-day class; lower bids first. */
    listNumber: integer('list_number'),
    /**
     * The seat the member holds now. One seat row is one place to work, so a unique reference
     * means no seat can ever be held by two members, whatever the application does.
     */
    currentSeatId: uuid('current_seat_id').references(() => seats.id, { onDelete: 'restrict' }),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactPhone: text('emergency_contact_phone'),
    emergencyContactRelationship: text('emergency_contact_relationship'),
    notificationsEnabled: boolean('notifications_enabled').notNull().default(true),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    smsNotifications: boolean('sms_notifications').notNull().default(false),
    bidReminders: boolean('bid_reminders').notNull().default(true),
    /** Web Push consent (issue 15); off until the member turns it on. A constant default: no rewrite. */
    pushNotifications: boolean('push_notifications').notNull().default(false),
    /**
     * When the member answered the one-time offer of texts and phone notifications (turned one on
     * from it, or dismissed it); null while it is still to be shown. Kept here, not in the browser,
     * so an answer on the phone holds on the desktop too.
     */
    notificationOfferAnsweredAt: timestamp('notification_offer_answered_at', { withTimezone: true, mode: 'date' }),
    /** Bid preferences (auto-bid, ranked seat choices, ...), validated by the domain schema. */
    bidPreferences: jsonb('bid_preferences').notNull().default(sql`'{}'::jsonb`),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('members_email_lower_unique').on(sql`lower(${table.email})`),
    uniqueIndex('members_employee_id_unique').on(table.employeeId),
    uniqueIndex('members_current_seat_unique').on(table.currentSeatId),
    index('members_last_seen_idx').on(table.lastSeenAt),
    check('members_email_lower_case', sql`${table.email} = lower(${table.email})`),
    check(
      'members_rank_known',
      sql`${table.rank} in ('Firefighter','Engineer','Lieutenant','Captain','Battalion Chief','Deputy Chief','Chief')`,
    ),
    check(
      'members_position_known',
      sql`${table.position} in ('Firefighter','Paramedic','EMT','Driver','Operator','Officer')`,
    ),
    check('members_years_of_service_range', sql`${table.yearsOfService} between 0 and 50`),
    check(
      'members_manual_score_not_negative',
      sql`${table.manualSeniorityScore} is null or ${table.manualSeniorityScore} >= 0`,
    ),
    check('members_employee_id_not_blank', sql`length(trim(${table.employeeId})) > 0`),
  ],
);

/** The department's certifications (PM Paramedic, HM Hazardous Materials Technician, DO Driver/Operator). */
export const certifications = pgTable(
  'certifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Short upper-case code that seats and the import name ("PM"). */
    code: text('code').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('certifications_code_unique').on(table.code),
    check('certifications_code_format', sql`${table.code} ~ '^[A-Z0-9][A-Z0-9_-]{0,15}$'`),
    check('certifications_name_not_blank', sql`length(trim(${table.name})) > 0`),
  ],
);

/** A certification a member holds, valid through `expires_on` (inclusive) or without end when null. */
export const memberCertifications = pgTable(
  'member_certifications',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    certificationId: uuid('certification_id')
      .notNull()
      .references(() => certifications.id, { onDelete: 'cascade' }),
    expiresOn: date('expires_on', { mode: 'string' }),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.certificationId] }),
    index('member_certifications_certification_idx').on(table.certificationId),
  ],
);
