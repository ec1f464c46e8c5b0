/**
 * The printed bid sheet of a completed session: the session, each station's seats with
 * who holds them, the queue with each participant's outcome, and on every page's foot the hashes
 * that tie the paper to the signed session record. Drawn with pdfkit's standard fonts (Helvetica),
 * which need no font file of ours and whose text a PDF reader can search and copy.
 *
 * Under the queue, each participant's reason ("why this seat") as the results and the signed record
 * give it, so the printed sheet answers "why did he get my seat" on its own.
 *
 * Every time is written in the department's time zone with the zone's short name, the way the
 * results screen writes it ("Apr 2, 2026, 2:05 PM CDT", formatMoment), and the header names the zone
 * itself, so a sheet read in another place is not misread.
 *
 * Rows are numbered by seniority (bid priority), not by where the queue ended: a senior member moved
 * to the back is still #1, their outcome marked and the mark explained under the queue.
 */
import {
  type BidSessionDetail,
  formatMoment,
  type Participant,
  plural,
  RESULT_COLUMN_LABELS,
  resultOutcomeLabel,
  type SeatPosition,
  SHIFTS,
  type Shift,
} from '@stationbid/domain';
import PDFDocument from 'pdfkit';

export const PDF_CONTENT_TYPE = 'application/pdf';

/** What the footer of every page carries, from the signed session record. */
export interface BidSheetRecordFacts {
  /** SHA-256 of the record file's bytes, as downloaded (what `sha256sum record.json` prints). */
  fileSha256: string;
  /** The moment the record speaks for: the session's completion (ISO). */
  generatedAt: string;
  /** The hash of the history's last entry: the same in every record of the session, whenever taken. */
  chainHead: string | null;
  /** SHA-256 of the Ed25519 public key that signs records (`GET /api/record-key`). */
  keyFingerprint: string;
}

export interface BidSheetInput {
  session: BidSessionDetail;
  /** Each participant's reason ("why this seat", by participant id), its times in the department's zone. */
  reasons: ReadonlyMap<string, string | null>;
  record: BidSheetRecordFacts;
  departmentTimeZone: string;
  printedAt: Date;
}

const MARGIN = 40;
/** Room kept at the foot of each page for the record footer (three lines and a rule). */
const FOOTER_HEIGHT = 44;
const ROW_HEIGHT = 13;
const BODY_SIZE = 8.5;

interface Column {
  label: string;
  width: number;
}

/**
 * "Wed 1 Apr 2026": a session's start and end dates are calendar days, sent as the day or its UTC
 * midnight (as the web app reads them, lib/session-format.ts), so they are read in UTC, never moved
 * by the department's zone.
 */
function formatCalendarDay(iso: string | null): string {
  const day = iso === null ? undefined : /^\d{4}-\d{2}-\d{2}/.exec(iso)?.[0];
  if (day === undefined) return 'not set';
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).formatToParts(new Date(`${day}T00:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

function formatTime(iso: string | null, timeZone: string): string {
  return iso ? formatMoment(iso, timeZone) : '';
}

/** Participants by seniority: bid priority first, the queue place only between equals. */
function bySeniority(participants: readonly Participant[]): Participant[] {
  return [...participants].sort(
    (left, right) => left.bidPriority - right.bidPriority || left.position - right.position,
  );
}

const fullName = (participant: Participant) => `${participant.user.firstName} ${participant.user.lastName}`;

function describeSeat(participant: Participant): string {
  const station = participant.assignedStation;
  if (!station || !participant.assignedShift || !participant.assignedPosition) return '';
  return `Station ${station.number}, ${participant.assignedShift}, ${participant.assignedPosition}`;
}

/** Each seat of a station as a row: holders won in this session first, then held or open. */
export function stationSeatRows(
  station: BidSessionDetail['availableStations'][number],
  participants: readonly Participant[],
): { shift: Shift; position: SeatPosition; holder: string }[] {
  const rows: { shift: Shift; position: SeatPosition; holder: string }[] = [];
  for (const shift of SHIFTS) {
    for (const { position, count: free, total } of station.availablePositions[shift]) {
      const holders = participants.filter(
        (participant) =>
          participant.hasBid &&
          participant.assignedStation?.id === station.id &&
          participant.assignedShift === shift &&
          participant.assignedPosition === position,
      );
      // Taken seats that no one won in this session were held before it (or since given by an administrator).
      const heldOtherwise = Math.max(0, total - free - holders.length);
      const open = Math.max(0, total - holders.length - heldOtherwise);
      for (const holder of holders) rows.push({ shift, position, holder: fullName(holder) });
      for (let index = 0; index < heldOtherwise; index += 1) {
        rows.push({ shift, position, holder: 'Held (not bid in this session)' });
      }
      for (let index = 0; index < open; index += 1) rows.push({ shift, position, holder: 'Open' });
    }
  }
  return rows;
}

/** Beside an outcome, and explained under the queue: the row's number is its seniority, not when it bid. */
const MOVED_TO_BACK_MARK = ' *';
export const MOVED_TO_BACK_NOTE =
  '* Moved to the back of the queue during the session, so they bid after members junior to them.';

/** Cuts `text` to fit `width` at the current font, with an ellipsis, so a row stays one line. */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

function bottomOfBody(doc: PDFKit.PDFDocument): number {
  return doc.page.height - MARGIN - FOOTER_HEIGHT;
}

/** A new page unless `height` more still fits above the footer. */
function ensureRoom(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > bottomOfBody(doc)) doc.addPage();
}

function drawRow(doc: PDFKit.PDFDocument, columns: readonly Column[], cells: readonly string[], bold = false): void {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(BODY_SIZE);
  const y = doc.y;
  let x = MARGIN;
  for (const [index, column] of columns.entries()) {
    const cell = fit(doc, cells[index] ?? '', column.width - 4);
    doc.text(cell, x, y, { width: column.width, lineBreak: false });
    x += column.width;
  }
  doc.y = y + ROW_HEIGHT;
  if (bold) {
    doc
      .moveTo(MARGIN, doc.y - 3)
      .lineTo(MARGIN + columns.reduce((sum, column) => sum + column.width, 0), doc.y - 3)
      .lineWidth(0.5)
      .stroke('#000000');
  }
}

/**
 * A table under a heading. When the whole table fits on a page it is never split (a station's
 * seats stay together); a longer one continues on the next page under its repeated header.
 */
function drawTable(
  doc: PDFKit.PDFDocument,
  heading: string,
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
): void {
  const headingHeight = 18;
  const wholeHeight = headingHeight + ROW_HEIGHT * (rows.length + 1) + 8;
  const pageBody = bottomOfBody(doc) - MARGIN;
  ensureRoom(doc, wholeHeight <= pageBody ? wholeHeight : headingHeight + ROW_HEIGHT * 3);
  doc.font('Helvetica-Bold').fontSize(11).text(heading, MARGIN, doc.y);
  doc.moveDown(0.3);
  drawRow(
    doc,
    columns,
    columns.map((column) => column.label),
    true,
  );
  for (const row of rows) {
    if (doc.y + ROW_HEIGHT > bottomOfBody(doc)) {
      doc.addPage();
      doc.font('Helvetica-Oblique').fontSize(BODY_SIZE).text(`${heading} (continued)`, MARGIN, doc.y);
      doc.moveDown(0.3);
      drawRow(
        doc,
        columns,
        columns.map((column) => column.label),
        true,
      );
    }
    drawRow(doc, columns, row);
  }
  doc.moveDown(0.8);
}

function drawHeader(doc: PDFKit.PDFDocument, { session, departmentTimeZone, printedAt }: BidSheetInput): void {
  const zone = departmentTimeZone;
  doc.font('Helvetica-Bold').fontSize(16).text(`Bid sheet: ${session.name}`, MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(10);
  doc.text(
    `Year ${session.year}. Dates ${formatCalendarDay(session.startDate)} to ${formatCalendarDay(session.endDate)}.`,
  );
  doc.text(
    `Bidding ran from ${formatTime(session.actualStart, zone) || 'not started'} to ${formatTime(session.actualEnd, zone) || 'not ended'}.`,
  );
  doc.text(
    `${plural(session.totalParticipants, 'participant')}, ${plural(session.completedBids, 'turn')} completed. All times are in the department's time zone, ${zone}.`,
  );
  doc.text(`Printed ${formatMoment(printedAt, zone)}.`);
  doc.moveDown(1);
}

/**
 * "Why each seat went where it did": one paragraph per participant by seniority, the reason
 * wrapped over as many lines as it takes and never split across a page.
 */
function drawReasons(doc: PDFKit.PDFDocument, session: BidSessionDetail, reasons: ReadonlyMap<string, string | null>) {
  const participants = bySeniority(session.participants);
  if (participants.length === 0) return;
  const width = doc.page.width - 2 * MARGIN;
  const paragraph = (participant: Participant) =>
    `${participant.bidPriority}. ${fullName(participant)}: ${reasons.get(participant.id) ?? 'No outcome yet.'}`;
  doc.font('Helvetica').fontSize(BODY_SIZE);
  const first = participants[0] as Participant;
  ensureRoom(doc, 18 + doc.heightOfString(paragraph(first), { width }));
  doc.font('Helvetica-Bold').fontSize(11).text('Why each seat went where it did', MARGIN, doc.y);
  doc.moveDown(0.3);
  for (const participant of participants) {
    doc.font('Helvetica').fontSize(BODY_SIZE);
    const text = paragraph(participant);
    ensureRoom(doc, doc.heightOfString(text, { width }) + 3);
    doc.text(text, MARGIN, doc.y, { width });
    doc.moveDown(0.25);
  }
  doc.moveDown(0.8);
}

/** How to check the record, under its hashes: the verifier from GET /api/verifier.mjs, against the key printed above. */
export const VERIFY_HINT =
  'Check it: sha256sum record.json; node verify.mjs record.json --fingerprint <key fingerprint> (verify.mjs: GET /api/verifier.mjs)';

/** The record footer on every page, written once all pages exist (so "page 2 of 5" is known). */
function drawFooters(doc: PDFKit.PDFDocument, record: BidSheetRecordFacts, timeZone: string): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // Writing below the bottom margin would start a new page: the footer lives in that margin.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const top = doc.page.height - MARGIN - FOOTER_HEIGHT + 8;
    const width = doc.page.width - 2 * MARGIN;
    doc
      .moveTo(MARGIN, top - 4)
      .lineTo(MARGIN + width, top - 4)
      .lineWidth(0.5)
      .stroke('#000000');
    doc.font('Helvetica').fontSize(6.5).fillColor('#000000');
    const lines = [
      `Session record SHA-256: ${record.fileSha256} (the record file, as of ${formatMoment(record.generatedAt, timeZone)})`,
      `History chain head: ${record.chainHead ?? 'none (no chained history)'}`,
      `Record key fingerprint (Ed25519, SHA-256): ${record.keyFingerprint}`,
    ];
    for (const [line, text] of lines.entries()) {
      doc.text(text, MARGIN, top + line * 9, { width, lineBreak: false });
    }
    doc.text(VERIFY_HINT, MARGIN, top + 3 * 9, {
      width,
      lineBreak: false,
    });
    doc.text(`Page ${index - range.start + 1} of ${range.count}`, MARGIN, top + 3 * 9, {
      width,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottomMargin;
  }
}

/** The bid sheet as PDF bytes. */
export function buildBidSheetPdf(input: BidSheetInput): Promise<Buffer> {
  const { session, departmentTimeZone: zone } = input;
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN },
    bufferPages: true,
    info: { Title: `Bid sheet: ${session.name} (${session.year})`, Creator: 'StationBid' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  drawHeader(doc, input);

  const seatColumns: Column[] = [
    { label: RESULT_COLUMN_LABELS.shift, width: 50 },
    { label: RESULT_COLUMN_LABELS.position, width: 140 },
    { label: 'Holder', width: 342 },
  ];
  const stations = [...session.availableStations].sort((left, right) => left.number - right.number);
  for (const station of stations) {
    const rows = stationSeatRows(station, session.participants).map((row) => [row.shift, row.position, row.holder]);
    const heading = `Station ${station.number}: ${station.name}${station.address ? ` (${station.address})` : ''}`;
    drawTable(doc, heading, seatColumns, rows.length > 0 ? rows : [['', '', 'No seats offered']]);
  }

  const queueColumns: Column[] = [
    { label: '#', width: 22 },
    { label: RESULT_COLUMN_LABELS.name, width: 106 },
    { label: RESULT_COLUMN_LABELS.employeeId, width: 58 },
    { label: 'Years', width: 30 },
    { label: RESULT_COLUMN_LABELS.outcome, width: 82 },
    { label: RESULT_COLUMN_LABELS.seat, width: 112 },
    // Wide enough for "Sep 30, 2026, 11:59 PM GMT+10" whole: the zone's name must never be cut off.
    { label: 'When', width: 122 },
  ];
  const queueRows = bySeniority(session.participants).map((participant) => [
    String(participant.bidPriority),
    fullName(participant),
    participant.user.employeeId,
    String(participant.yearsOfService),
    `${resultOutcomeLabel(participant)}${participant.movedToBack ? MOVED_TO_BACK_MARK : ''}`,
    describeSeat(participant),
    formatTime(participant.bidHistory[0]?.timestamp ?? null, zone),
  ]);
  drawTable(doc, 'Queue and outcomes (seniority order)', queueColumns, queueRows);
  if (session.participants.some((participant) => participant.movedToBack)) {
    doc.font('Helvetica-Oblique').fontSize(BODY_SIZE);
    ensureRoom(doc, ROW_HEIGHT * 2);
    doc.text(MOVED_TO_BACK_NOTE, MARGIN, doc.y - ROW_HEIGHT * 0.4);
    doc.moveDown(0.8);
  }
  drawReasons(doc, session, input.reasons);

  drawFooters(doc, input.record, zone);
  doc.end();
  return done;
}
