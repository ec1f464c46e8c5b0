/**
 * .xlsx zip bombs for the import tests, written byte by byte so that a test
 * can state what a hostile file states: an entry that unpacks to hundreds of megabytes from a few
 * hundred kilobytes, and one whose headers understate what it unpacks to (the central directory
 * names a tiny size, the local header defers its sizes to a data descriptor, as "unknown").
 * Building them never holds the unpacked data in memory.
 */
import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { unzipSync } from 'fflate';

const MEGABYTE = 1024 * 1024;

interface RawEntry {
  name: string;
  /** Deflated bytes, as they go into the file. */
  data: Buffer;
  crc: number;
  /** What the central directory states it unpacks to. */
  uncompressedSize: number;
  /** The local header leaves crc and sizes at 0 and puts them in a data descriptor after the data. */
  defersSizes?: boolean;
}

function u16(value: number): Buffer {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16LE(value);
  return buffer;
}
function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value >>> 0);
  return buffer;
}

/** A zip of deflated entries, every size and checksum as the entries state them. */
function writeZip(entries: readonly RawEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const flags = entry.defersSizes ? 0x0008 : 0;
    const local = Buffer.concat([
      u32(0x04034b50),
      u16(20),
      u16(flags),
      u16(8),
      u16(0),
      u16(0x21),
      u32(entry.defersSizes ? 0 : entry.crc),
      u32(entry.defersSizes ? 0 : entry.data.length),
      u32(entry.defersSizes ? 0 : entry.uncompressedSize),
      u16(name.length),
      u16(0),
      name,
    ]);
    const descriptor = entry.defersSizes
      ? Buffer.concat([u32(0x08074b50), u32(entry.crc), u32(entry.data.length), u32(entry.uncompressedSize)])
      : Buffer.alloc(0);
    central.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(20),
        u16(20),
        u16(flags),
        u16(8),
        u16(0),
        u16(0x21),
        u32(entry.crc),
        u32(entry.data.length),
        u32(entry.uncompressedSize),
        u16(name.length),
        u16(0),
        u16(0),
        u16(0),
        u16(0),
        u32(0),
        u32(offset),
        name,
      ]),
    );
    parts.push(local, entry.data, descriptor);
    offset += local.length + entry.data.length + descriptor.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(entries.length),
    u16(entries.length),
    u32(directory.length),
    u32(offset),
    u16(0),
  ]);
  return Buffer.concat([...parts, directory, end]);
}

/** The entries of a real one-sheet workbook of `rows`, unpacked, by name. */
function workbookEntries(rows: (string | number)[][]): Record<string, Uint8Array> {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return unzipSync(XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }));
}

const SHEET = 'xl/worksheets/sheet1.xml';

function entryOf(name: string, content: Uint8Array): RawEntry {
  return { name, data: zlib.deflateRawSync(content), crc: zlib.crc32(content), uncompressedSize: content.length };
}

/**
 * An .xlsx of `rows` whose sheet holds `megabytes` MB of spaces before its rows: about 1 kB per MB
 * packed, stated honestly in every header. Deflate blocks that end on a byte boundary (a sync
 * flush) chain into one stream, so one packed MB is repeated rather than the whole packed again.
 */
export function xlsxUnpackingTo(megabytes: number, rows: (string | number)[][]): Buffer {
  const entries = workbookEntries(rows);
  const sheet = Buffer.from(entries[SHEET] ?? new Uint8Array());
  const split = sheet.indexOf('<sheetData>') + '<sheetData>'.length;
  if (split < '<sheetData>'.length) throw new Error('the written sheet has no <sheetData>');
  const head = sheet.subarray(0, split);
  const tail = sheet.subarray(split);
  const spaces = Buffer.alloc(MEGABYTE, 0x20);
  const sync = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
  const packedSpaces = zlib.deflateRawSync(spaces, sync);
  let crc = zlib.crc32(head);
  for (let index = 0; index < megabytes; index++) crc = zlib.crc32(spaces, crc);
  crc = zlib.crc32(tail, crc);
  const bomb: RawEntry = {
    name: SHEET,
    data: Buffer.concat([
      zlib.deflateRawSync(head, sync),
      ...Array.from({ length: megabytes }, () => packedSpaces),
      zlib.deflateRawSync(tail),
    ]),
    crc,
    uncompressedSize: head.length + megabytes * MEGABYTE + tail.length,
  };
  return writeZip(Object.entries(entries).map(([name, content]) => (name === SHEET ? bomb : entryOf(name, content))));
}

/**
 * An .xlsx whose sheet is one deflate stream of `megabytes` MB of zeros while its central
 * directory says it unpacks to 1 kB, and its local header says nothing (sizes deferred): a reader
 * that trusts the local header inflates all of it. Packing it takes about a second per 200 MB.
 */
export async function xlsxUnderstatingItsSheet(megabytes: number, rows: (string | number)[][]): Promise<Buffer> {
  const entries = workbookEntries(rows);
  const deflate = zlib.createDeflateRaw({ level: 1 });
  const packed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => packed.push(chunk));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const zeros = Buffer.alloc(16 * MEGABYTE);
  for (let written = 0; written < megabytes; written += 16) deflate.write(zeros);
  deflate.end();
  await ended;
  const liar: RawEntry = {
    name: SHEET,
    data: Buffer.concat(packed),
    crc: 0,
    uncompressedSize: 1024,
    defersSizes: true,
  };
  return writeZip(Object.entries(entries).map(([name, content]) => (name === SHEET ? liar : entryOf(name, content))));
}
