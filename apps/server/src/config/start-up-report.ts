/**
 * What the server says once it listens: where it runs, on which database, whether e-mail goes out,
 * and the sign-ins a newcomer can use. Two forms of the same facts:
 * - a plain banner when stdout is a terminal (a person ran `npm start`);
 * - otherwise one structured info line in the JSON log, so a log collector reads every line.
 *
 * Demo sign-ins are printed only when they work on this database: the account exists, is active
 * and still has the published password. A department that named its own administrator (ADMIN_EMAIL)
 * with DEMO_DATA=1 has the demo members but no demo administrator, and one that changed a demo
 * password has that sign-in no more.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { DEMO_ADMIN, DEMO_MEMBER_PASSWORD, DEMO_MEMBERS, demoEmail } from '../db/seed/demo-data.ts';
import type { SeedResult } from '../db/seed/seed.ts';
import { verifyPassword } from '../modules/auth/passwords.ts';
import { findMemberByEmail } from '../modules/users/users.repository.ts';
import type { AppConfig } from './env.ts';

export interface DemoSignIn {
  who: 'administrator' | 'member';
  email: string;
  /** The published demo password (README), which this account still has. */
  password: string;
}

/** The published demo sign-ins that work on this database now. */
export async function findWorkingDemoSignIns(db: Database): Promise<DemoSignIn[]> {
  const firstMember = DEMO_MEMBERS[0];
  const candidates: DemoSignIn[] = [
    { who: 'administrator', email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    ...(firstMember ? [{ who: 'member' as const, email: demoEmail(firstMember), password: DEMO_MEMBER_PASSWORD }] : []),
  ];
  const working: DemoSignIn[] = [];
  for (const candidate of candidates) {
    const member = await findMemberByEmail(db, candidate.email);
    if (member?.isActive && member.passwordHash && (await verifyPassword(member.passwordHash, candidate.password))) {
      working.push(candidate);
    }
  }
  return working;
}

export interface StartUpFacts {
  config: Pick<AppConfig, 'port' | 'dataDir' | 'nodeEnv' | 'delivery'>;
  databaseKind: 'pglite' | 'postgres';
  seed: SeedResult;
  demoSignIns: DemoSignIn[];
}

/** The start-up report as fields of one log line. */
export function startUpFields(facts: StartUpFacts) {
  const { config } = facts;
  return {
    url: `http://localhost:${config.port}`,
    database:
      facts.databaseKind === 'pglite'
        ? { kind: 'pglite' as const, dataDir: config.dataDir }
        : { kind: 'postgres' as const, from: 'DATABASE_URL' },
    email: config.delivery.email
      ? { smtpHost: new URL(config.delivery.email.smtpUrl).host, publicWebUrl: config.delivery.publicWebUrl }
      : 'not configured: messages stay queued until SMTP_URL is set',
    ...(facts.seed.seeded
      ? { firstStart: { administrator: facts.seed.adminEmail, demoData: facts.seed.demoData } }
      : {}),
    ...(facts.demoSignIns.length > 0 ? { demoSignIns: facts.demoSignIns } : {}),
  };
}

/** The first words of the banner and of the log line's message; start-up checks wait for them. */
export const RUNNING_AT = 'StationBid is running at';

/** The plain banner, for a person at a terminal. */
export function startUpBanner(facts: StartUpFacts): string {
  const { config } = facts;
  const lines = [
    '',
    `${RUNNING_AT} http://localhost:${config.port}`,
    `Database: ${facts.databaseKind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    config.delivery.email
      ? `E-mail: SMTP via ${new URL(config.delivery.email.smtpUrl).host}; links point to ${config.delivery.publicWebUrl}`
      : 'E-mail: not configured; messages stay queued until SMTP_URL is set',
  ];
  if (facts.seed.seeded) lines.push(`First start: created the administrator ${facts.seed.adminEmail}.`);
  if (facts.demoSignIns.length > 0) {
    if (config.nodeEnv === 'production') {
      lines.push('WARNING: the published demo sign-ins below work on this database; do not use it for real.');
    }
    lines.push('Demo sign-ins:');
    for (const signIn of facts.demoSignIns) {
      const note = signIn.who === 'member' ? '  (every demo member: first.last@stationbid.example)' : '';
      lines.push(`  ${signIn.who.padEnd(13)}  ${signIn.email} / ${signIn.password}${note}`);
    }
  }
  return lines.join('\n');
}

/**
 * Says the server is up: the plain banner on a terminal, else one info line. That line is written
 * whatever LOG_LEVEL (unless `silent`): it is the one line that says the process is serving and
 * where, and service managers and the test harnesses wait for it.
 */
export function reportStartUp(log: FastifyBaseLogger, facts: StartUpFacts, isTerminal: boolean): void {
  if (isTerminal) {
    console.log(startUpBanner(facts));
    return;
  }
  const fields = startUpFields(facts);
  const message = `${RUNNING_AT} ${fields.url}`;
  const startUpLog = log.level === 'silent' ? log : log.child({}, { level: 'info' });
  startUpLog.info(fields, message);
  if (facts.demoSignIns.length > 0 && facts.config.nodeEnv === 'production') {
    log.warn(
      { demoSignIns: facts.demoSignIns.map((signIn) => signIn.email) },
      'the published demo sign-ins work on this database; do not use it for real',
    );
  }
}
