/**
 * The session record (issue 16): `GET /api/bid-sessions/:id/record` and `GET /api/record-key`.
 *
 * One JSON document settles what happened in a session: the settings it started with, every
 * command the engine applied with its time, the hash-chained history, the final assignments, and
 * an Ed25519 signature of the server over the SHA-256 of the canonical JSON (RFC 8785) of the rest.
 * `stationbid-verify record.json` (packages/verify) checks it without the server.
 *
 * The schemas describe the document and give readable errors for a malformed file. A verifier
 * hashes the document as it was read, never a parsed copy, so a field these schemas do not know of
 * still counts.
 */
import { z } from 'zod';
import { BID_SESSION_STATUSES, ELIGIBILITY_MODES, HISTORY_ACTIONS, PARTICIPANT_OUTCOMES } from '../bid-engine/types.ts';
import { RANKS, SEAT_POSITIONS, SHIFTS } from '../constants.ts';
import { seniorityRuleSchema } from '../seniority-rule.ts';

export const SESSION_RECORD_FORMAT = 'stationbid-session-record/1';
export const RECORD_SIGNATURE_ALGORITHM = 'Ed25519';

const sha256HexSchema = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 hash as 64 lower-case hex digits');
const isoTimeSchema = z.string().min(1);

const seatRefSchema = z.object({
  seatId: z.string(),
  stationId: z.string(),
  stationNumber: z.number().int(),
  stationName: z.string(),
  shift: z.enum(SHIFTS),
  seatPosition: z.enum(SEAT_POSITIONS),
});

const seatChoiceSchema = z.object({
  stationId: z.string(),
  shift: z.enum(SHIFTS),
  seatPosition: z.enum(SEAT_POSITIONS),
});

const preferencesSchema = z.object({
  autoBid: z.boolean(),
  choices: z.array(seatChoiceSchema),
  preferredStationIds: z.array(z.string()),
  preferredShifts: z.array(z.enum(SHIFTS)),
  standingBid: z.boolean().optional(),
});

const actorSchema = z.object({ memberId: z.string().nullable(), name: z.string(), isAdmin: z.boolean() });

const engineSessionSchema = z.object({
  status: z.enum(BID_SESSION_STATUSES),
  currentParticipant: z.number().int(),
  currentBidEnd: z.number().nullable(),
  pausedRemainingMs: z.number().nullable(),
  bidWindowMinutes: z.number().int(),
  autoAssignTimeoutMinutes: z.number().int(),
  eligibilityMode: z.enum(ELIGIBILITY_MODES),
  clearAssignments: z.boolean(),
  actualStart: z.number().nullable(),
  actualEnd: z.number().nullable(),
  // A department's rules (absent in older records): rounds, the day certifications count on, their names.
  rounds: z
    .array(z.object({ name: z.string(), ranks: z.array(z.enum(RANKS)), bidWindowMinutes: z.number().int() }))
    .optional(),
  effectiveDate: z.string().nullable().optional(),
  certificationNames: z.record(z.string(), z.string()).optional(),
  // A vacancy bid (absent in records before them, and in every other session).
  vacancy: z.boolean().optional(),
});

const engineParticipantSchema = z.object({
  participantId: z.string(),
  memberId: z.string().nullable(),
  name: z.string(),
  employeeId: z.string(),
  rank: z.enum(RANKS),
  yearsOfService: z.number(),
  seniorityScore: z.number(),
  // The seniority keys a department's rule may read, frozen at start (absent in older records).
  hireDate: z.string().nullable().optional(),
  rankDate: z.string().nullable().optional(),
  listNumber: z.number().int().nullable().optional(),
  certifications: z.array(z.object({ code: z.string(), expiresOn: z.string().nullable() })).optional(),
  round: z.number().int().optional(),
  bidPriority: z.number().int(),
  queuePosition: z.number().int(),
  movedToBack: z.boolean(),
  outcome: z.enum(PARTICIPANT_OUTCOMES).nullable(),
  turnDeadline: z.number().nullable(),
  currentSeat: seatRefSchema.nullable(),
  awardedSeat: seatRefSchema.nullable(),
  preferences: preferencesSchema,
});

const engineSeatSchema = seatRefSchema.extend({
  ordinal: z.number().int(),
  holderMemberId: z.string().nullable(),
  requires: z.array(z.string()).optional(),
  mustFill: z.boolean().optional(),
});

/** What the session started with (packages/domain/src/record/chain.ts, RecordSettings). */
export const recordSettingsSchema = z.object({
  format: z.literal('stationbid-session-settings/1'),
  sessionId: z.string(),
  name: z.string(),
  year: z.number().int(),
  tieBreakChain: z.array(z.string()),
  randomSeed: z.string().nullable(),
  seniorityRule: seniorityRuleSchema.nullable().optional(),
  state: z.object({
    session: engineSessionSchema,
    participants: z.array(engineParticipantSchema),
    seats: z.array(engineSeatSchema),
  }),
});

export const recordCommandSchema = z.object({
  type: z.enum(['start', 'pause', 'resume', 'end', 'bid', 'skip', 'move_to_back', 'expire', 'rewind']),
  at: isoTimeSchema,
  actor: actorSchema.nullable(),
  participantId: z.string().nullable(),
  seat: seatChoiceSchema.nullable(),
  bidWindowMinutes: z.number().int(),
  autoAssignTimeoutMinutes: z.number().int(),
  holderPreferences: preferencesSchema.nullable(),
  standingBids: z.record(z.string(), preferencesSchema).optional(),
  // A rewind's reason and seniority corrections (absent on every other command).
  reason: z.string().optional(),
  corrections: z
    .array(
      z.object({
        participantId: z.string(),
        bidPriority: z.number().int(),
        yearsOfService: z.number(),
        seniorityScore: z.number(),
        hireDate: z.string().nullable(),
        rankDate: z.string().nullable(),
        listNumber: z.number().int().nullable(),
      }),
    )
    .optional(),
});

const entryFactsShape = {
  action: z.enum(HISTORY_ACTIONS),
  at: isoTimeSchema,
  actorMemberId: z.string().nullable(),
  actorName: z.string(),
  participantId: z.string().nullable(),
  userName: z.string().nullable(),
  seat: seatRefSchema.nullable(),
  bidPriority: z.number().int().nullable(),
  details: z.record(z.string(), z.unknown()),
};

/** One chained history entry: what happened, its place, the hash before it, and its own hash. */
export const recordEntrySchema = z.object({
  ...entryFactsShape,
  sequence: z.number().int().positive(),
  previousHash: sha256HexSchema.nullable(),
  command: recordCommandSchema.nullable(),
  hash: sha256HexSchema,
});

/** An entry written before the history was chained (a session that ran across the upgrade): not covered by any hash. */
export const unchainedEntrySchema = z.object({
  ...entryFactsShape,
  seat: z
    .object({
      stationNumber: z.number().int(),
      stationName: z.string(),
      shift: z.enum(SHIFTS),
      seatPosition: z.enum(SEAT_POSITIONS),
    })
    .nullable(),
});

export const recordAssignmentSchema = z.object({
  participantId: z.string(),
  name: z.string(),
  employeeId: z.string(),
  bidPriority: z.number().int(),
  queuePosition: z.number().int(),
  outcome: z.enum(PARTICIPANT_OUTCOMES).nullable(),
  seat: z
    .object({
      seatId: z.string().nullable(),
      stationId: z.string().nullable(),
      stationNumber: z.number().int(),
      stationName: z.string(),
      shift: z.enum(SHIFTS),
      seatPosition: z.enum(SEAT_POSITIONS),
    })
    .nullable(),
  /**
   * Why this seat (issue 16): built from the history alone (record/reasons.ts), with times in the
   * record's `timeZone`; null while the participant's session has not ended. Absent from records
   * made before reasons existed.
   */
  reason: z.string().nullable().optional(),
});

export const recordSignatureSchema = z.object({
  algorithm: z.literal(RECORD_SIGNATURE_ALGORITHM),
  /** SHA-256 of the raw 32-byte public key, hex: compare with GET /api/record-key. */
  keyFingerprint: sha256HexSchema,
  /** The raw 32-byte Ed25519 public key, base64. */
  publicKey: z.string(),
  /** SHA-256 of the canonical JSON of the record without `signature`, hex: the bytes signed. */
  digest: sha256HexSchema,
  /** The Ed25519 signature of the digest's 32 bytes, base64. */
  value: z.string(),
});

export const sessionRecordSchema = z.object({
  format: z.literal(SESSION_RECORD_FORMAT),
  generatedAt: isoTimeSchema,
  /** The department's IANA time zone the reasons write their times in; absent from records made before reasons existed. */
  timeZone: z.string().min(1).optional(),
  /** The wording the reasons are written in (record/reasons.ts); absent: 1, the records before wording 2. */
  reasonWording: z.union([z.literal(1), z.literal(2)]).optional(),
  session: z.object({
    id: z.string(),
    name: z.string(),
    year: z.number().int(),
    status: z.enum(BID_SESSION_STATUSES),
    actualStart: isoTimeSchema.nullable(),
    actualEnd: isoTimeSchema.nullable(),
  }),
  /** Null for a session started before the history was chained. */
  settings: recordSettingsSchema.nullable(),
  settingsHash: sha256HexSchema.nullable(),
  chain: z.object({
    /** True when the first chained entry chains from `settingsHash`. */
    anchoredToSettings: z.boolean(),
    length: z.number().int(),
    /** The last entry's hash (the settings' hash while there is none), null with no chain. */
    head: sha256HexSchema.nullable(),
  }),
  /** Every command the engine applied, in order: the commands of the chained entries, with the entry each is on. */
  commands: z.array(recordCommandSchema.extend({ sequence: z.number().int().positive() })),
  /** Entries written before the history was chained, oldest first; empty for every session started since. */
  unchainedHistory: z.array(unchainedEntrySchema),
  history: z.array(recordEntrySchema),
  assignments: z.array(recordAssignmentSchema),
  signature: recordSignatureSchema,
});
export type SessionRecordDocument = z.infer<typeof sessionRecordSchema>;

/** The server's record-signing key: `GET /api/record-key`. */
export const recordKeyResponseSchema = z.object({
  algorithm: z.literal(RECORD_SIGNATURE_ALGORITHM),
  /** SubjectPublicKeyInfo PEM, for `openssl` and node:crypto. */
  publicKeyPem: z.string(),
  /** The raw 32-byte key, base64, as records carry it. */
  publicKey: z.string(),
  /** SHA-256 of the raw key, hex. */
  fingerprint: sha256HexSchema,
  createdAt: isoTimeSchema,
});
export type RecordKeyResponse = z.infer<typeof recordKeyResponseSchema>;
