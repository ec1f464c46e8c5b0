/**
 * The migration rule of docs/architecture.md ("Database migrations"), checked cheaply: every
 * statement of every migration is scanned for what rewrites a table or holds a lock on it for a
 * time that grows with its rows. A table the same migration creates is empty, so anything goes
 * there. What this cannot judge (a statement that is fine on a table known to stay small) is
 * allowed by name below, with the reason; the migrations before the rule are listed the same way.
 *
 * A scan of text, not a SQL parser: it errs towards flagging, and an allow-list entry settles it.
 * The upgrade test (upgrade.test.ts) checks the other half of the rule: old data survives.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './client.ts';

/**
 * Findings accepted on purpose, by migration tag and the flagged statement's start. Add an entry
 * only with the reason the table stays small or the lock is short, in the words of the rule.
 */
const ALLOWED: { tag: string; statementStart: string; reason: string }[] = [
  ...['members_list_name_idx', 'members_list_years_idx', 'members_list_rank_idx', 'members_list_seniority_idx'].map(
    (index) => ({
      tag: '0004_import_jobs',
      statementStart: `CREATE INDEX "${index}" ON "members"`,
      reason:
        'Before the rule. members is one department (20,000 rows in docs/performance.md); each build takes well under a second.',
    }),
  ),
  {
    tag: '0005_live_ticket_uses',
    statementStart: 'CREATE INDEX "chat_messages_member_idx" ON "chat_messages"',
    reason: 'Before the rule. chat_messages was young and small when it shipped.',
  },
  {
    tag: '0010_waiting_participants_index',
    statementStart: 'CREATE INDEX IF NOT EXISTS "participants_waiting_queue_idx" ON "participants"',
    reason:
      'A pre-built index: docs/release-notes.md gives operators the same statement with CONCURRENTLY to run before upgrading, so the migration finds it.',
  },
  {
    tag: '0011_delivery_lanes',
    statementStart: 'CREATE INDEX IF NOT EXISTS "outbox_claim_idx" ON "outbox"',
    reason:
      'A pre-built index: docs/release-notes.md gives operators the same statement with CONCURRENTLY to run before upgrading, so the migration finds it.',
  },
  {
    tag: '0017_outbox_session',
    statementStart: 'CREATE INDEX IF NOT EXISTS "outbox_session_idx" ON "outbox"',
    reason:
      'A pre-built index: docs/release-notes.md gives operators the same statement with CONCURRENTLY to run before upgrading, so the migration finds it.',
  },
  {
    tag: '0014_vacancy_bids',
    statementStart: 'ALTER TABLE "bid_sessions" ADD CONSTRAINT "bid_sessions_type_known"',
    reason:
      'bid_sessions holds a few sessions a year per department; checking the column just added with its default reads them in well under a second.',
  },
  {
    tag: '0013_rewinds',
    statementStart: 'CREATE UNIQUE INDEX "bids_participant_standing" ON "bids"',
    reason:
      'bids holds one row per award: a department of 20,000 gives 20,000 a year, and a build of a uuid index over a few years of them takes well under a second.',
  },
  {
    tag: '0021_roster_sync_jobs',
    statementStart: 'CREATE UNIQUE INDEX "import_jobs_one_running_roster" ON "import_jobs"',
    reason:
      'import_jobs holds one row per spreadsheet import or roster sync, a few a day at most; a partial index over them builds at once.',
  },
];

interface Finding {
  statement: string;
  problem: string;
}

/** The opening of a $$ or $tag$ quoted body, matched where the scan stands. */
const DOLLAR_QUOTE = /\$[A-Za-z_]*\$/y;

/** The statements of a migration file: split at drizzle's breakpoints and at `;` outside quotes and $$ bodies. */
function splitStatements(fileText: string): string[] {
  const statements: string[] = [];
  for (const chunk of fileText.split('--> statement-breakpoint')) {
    let current = '';
    let quote: string | null = null;
    for (let index = 0; index < chunk.length; index += 1) {
      const character = chunk[index] as string;
      if (quote) {
        if (chunk.startsWith(quote, index)) {
          current += quote;
          index += quote.length - 1;
          quote = null;
        } else current += character;
        continue;
      }
      if (character === '-' && chunk[index + 1] === '-') {
        const lineEnd = chunk.indexOf('\n', index);
        index = lineEnd === -1 ? chunk.length : lineEnd;
        current += '\n';
        continue;
      }
      DOLLAR_QUOTE.lastIndex = index;
      const dollarTag = character === '$' ? DOLLAR_QUOTE.exec(chunk)?.[0] : undefined;
      if (dollarTag || character === "'" || character === '"') {
        quote = dollarTag ?? character;
        current += quote;
        index += quote.length - 1;
        continue;
      }
      if (character === ';') {
        statements.push(current);
        current = '';
      } else current += character;
    }
    statements.push(current);
  }
  return statements.map((statement) => statement.replace(/\s+/g, ' ').trim()).filter((statement) => statement !== '');
}

const NAME = String.raw`(?:"[^"]+"|\w+)`;
/** A table name, optionally schema-qualified; captures the table without quotes. */
const TABLE = String.raw`(?:${NAME}\.)?"?(\w+)"?`;
const VOLATILE_DEFAULT =
  /\bdefault\s+[^,]*\b(gen_random_uuid|uuid_generate_\w+|random|clock_timestamp|timeofday|nextval)\s*\(/i;

/** What in one migration's statements rewrites or locks a table that existed before it. */
function checkMigration(fileText: string): Finding[] {
  const statements = splitStatements(fileText);
  const createdHere = new Set<string>();
  for (const statement of statements) {
    const created = new RegExp(`^create (?:unlogged )?table (?:if not exists )?${TABLE}`, 'i').exec(statement);
    if (created?.[1]) createdHere.add(created[1].toLowerCase());
  }
  const isExisting = (table: string | undefined) => table !== undefined && !createdHere.has(table.toLowerCase());
  const findings: Finding[] = [];
  const flag = (statement: string, problem: string) => findings.push({ statement, problem });

  for (const statement of statements) {
    const index = new RegExp(
      `^create (?:unique )?index (concurrently )?(?:if not exists )?(?:${NAME} )?on (?:only )?${TABLE}`,
      'i',
    ).exec(statement);
    if (index) {
      if (index[1]) {
        flag(
          statement,
          "CREATE INDEX CONCURRENTLY cannot run in drizzle's migration transaction (PostgreSQL and PGlite refuse it); see the rule for indexes on large tables",
        );
      } else if (isExisting(index[2])) {
        flag(
          statement,
          'CREATE INDEX on a table that already holds rows blocks its writes for the whole build; see the rule for indexes on large tables',
        );
      }
      continue;
    }
    const alter = new RegExp(`^alter table (?:if exists )?(?:only )?${TABLE} (.*)$`, 'i').exec(statement);
    if (alter) {
      if (!isExisting(alter[1])) continue;
      const action = alter[2] ?? '';
      if (/\balter (?:column )?\S+ (?:set data )?type\b/i.test(action)) {
        flag(statement, 'changing a column type rewrites the table under an exclusive lock: add a new column instead');
      }
      if (/\badd (?:column )?/i.test(action) && !/\badd constraint\b/i.test(action)) {
        if (/\bnot null\b/i.test(action) && !/\bdefault\b/i.test(action)) {
          flag(
            statement,
            'a NOT NULL column without a default fails on rows already there: add it nullable, backfill, then constrain',
          );
        }
        if (VOLATILE_DEFAULT.test(action) || /\b(?:big|small)?serial\b|\bgenerated\b/i.test(action)) {
          flag(
            statement,
            'a column with a volatile default or a generated value rewrites the table: add it nullable and backfill',
          );
        }
      }
      if (/\bset not null\b/i.test(action)) {
        flag(
          statement,
          'SET NOT NULL scans the table under an exclusive lock unless a validated CHECK (column IS NOT NULL) exists: add → backfill → validate',
        );
      }
      if (/\badd constraint\b.*\b(?:check|foreign key)\b/i.test(action) && !/\bnot valid\b/i.test(action)) {
        flag(
          statement,
          'a CHECK or FOREIGN KEY checks every row under the lock: add it NOT VALID, VALIDATE it in a later migration',
        );
      }
      if (/\badd constraint\b.*\b(?:unique|primary key)\b/i.test(action) && !/\busing index\b/i.test(action)) {
        flag(
          statement,
          'a UNIQUE or PRIMARY KEY constraint builds an index under the lock: build the index first, then USING INDEX',
        );
      }
      continue;
    }
    const table = new RegExp(`^(?:update (?:only )?${TABLE}|delete from (?:only )?${TABLE})`, 'i').exec(statement);
    if (table && isExisting(table[1] ?? table[2])) {
      flag(
        statement,
        "a backfill in a migration runs in drizzle's single transaction, holding every row it touches until the end: backfill in batches outside the migration",
      );
      continue;
    }
    if (/^(?:lock table|vacuum full|cluster|reindex (?!.*\bconcurrently\b))/i.test(statement)) {
      flag(statement, 'locks or rewrites a whole table');
    }
  }
  return findings;
}

interface JournalEntry {
  tag: string;
}
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
  entries: JournalEntry[];
};

describe('the migrations follow the rule: no long lock or rewrite of a table that holds data', () => {
  it.each(journal.entries.map((entry) => entry.tag))('%s', (tag) => {
    const findings = checkMigration(readFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), 'utf8'));
    const unexplained = findings.filter(
      (finding) =>
        !ALLOWED.some((allowed) => allowed.tag === tag && finding.statement.startsWith(allowed.statementStart)),
    );
    // Each line names the statement and what to do instead (docs/architecture.md, "Database migrations").
    expect(unexplained.map((finding) => `${finding.problem}:\n  ${finding.statement.slice(0, 200)}`)).toEqual([]);
  });

  it('has no allow-list entry that no longer matches a finding', () => {
    for (const allowed of ALLOWED) {
      const findings = checkMigration(readFileSync(path.join(MIGRATIONS_FOLDER, `${allowed.tag}.sql`), 'utf8'));
      expect(
        findings.some((finding) => finding.statement.startsWith(allowed.statementStart)),
        `${allowed.tag}: ${allowed.statementStart}`,
      ).toBe(true);
    }
  });
});

describe('the migration check', () => {
  const problemsOf = (sqlText: string) => checkMigration(sqlText).map((finding) => finding.problem);

  it('flags what rewrites or long locks an existing table', () => {
    const flagged = [
      'ALTER TABLE "participants" ALTER COLUMN "rank" SET DATA TYPE varchar(40);',
      'ALTER TABLE participants ALTER COLUMN rank TYPE varchar(40);',
      'ALTER TABLE "members" ADD COLUMN "badge" text NOT NULL;',
      'ALTER TABLE "members" ADD COLUMN "token" uuid DEFAULT gen_random_uuid();',
      'ALTER TABLE "members" ADD COLUMN "n" bigserial;',
      'ALTER TABLE "members" ALTER COLUMN "phone" SET NOT NULL;',
      'ALTER TABLE "bids" ADD CONSTRAINT "bids_x_fk" FOREIGN KEY ("x") REFERENCES "public"."members"("id");',
      'ALTER TABLE "bids" ADD CONSTRAINT "bids_kind_check" CHECK ("kind" <> \'\');',
      'ALTER TABLE "bids" ADD CONSTRAINT "bids_u" UNIQUE ("session_id", "member_id");',
      'CREATE INDEX "participants_x_idx" ON "participants" USING btree ("outcome");',
      'CREATE UNIQUE INDEX IF NOT EXISTS "x" ON "public"."outbox" ("dedupe_key");',
      'CREATE INDEX CONCURRENTLY "participants_y_idx" ON "participants" ("done_at");',
      'UPDATE "participants" SET "rank" = \'Firefighter\' WHERE "rank" IS NULL;',
      'DELETE FROM session_history;',
      'VACUUM FULL "members";',
    ];
    for (const statement of flagged) expect(problemsOf(statement), statement).toHaveLength(1);
  });

  it('allows what is quick on any table, and anything on a table the migration creates', () => {
    const allowed = [
      'ALTER TABLE "outbox" ADD COLUMN "last_attempt_at" timestamp with time zone;',
      'ALTER TABLE "bid_sessions" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;',
      'ALTER TABLE "members" ADD COLUMN "badge" text DEFAULT \'none\' NOT NULL;',
      'ALTER TABLE "bids" ADD CONSTRAINT "bids_x_fk" FOREIGN KEY ("x") REFERENCES "members"("id") NOT VALID;',
      'ALTER TABLE "bids" VALIDATE CONSTRAINT "bids_x_fk";',
      'ALTER TABLE "bids" ADD CONSTRAINT "bids_u" UNIQUE USING INDEX "bids_u_idx";',
      'CREATE TRIGGER "t" AFTER INSERT ON "bids" FOR EACH STATEMENT EXECUTE FUNCTION "f"();',
      [
        'CREATE TABLE "things" ("id" uuid PRIMARY KEY, "n" integer NOT NULL);',
        '--> statement-breakpoint',
        'ALTER TABLE "things" ADD COLUMN "m" integer NOT NULL;',
        'CREATE INDEX "things_n_idx" ON "things" ("n");',
        'ALTER TABLE "things" ADD CONSTRAINT "things_fk" FOREIGN KEY ("id") REFERENCES "members"("id");',
      ].join('\n'),
      // Words inside a function body, a string or a comment are not statements.
      'CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE members SET x = 1; RETURN NULL; END $$;',
      '-- UPDATE members SET x = 1;\nINSERT INTO "engine_data_version" ("id", "value") VALUES (1, 0);',
    ];
    for (const text of allowed) expect(problemsOf(text), text).toEqual([]);
  });
});
