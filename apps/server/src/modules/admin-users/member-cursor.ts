/**
 * The opaque cursor of the member list's pages: the sort order and the sort keys of the last member
 * sent, base64url JSON. It carries no secret; a cursor edited by hand at worst starts the page
 * somewhere else in the same order, so it is only checked for its shape.
 */
import { MEMBER_LIST_MESSAGES, type MemberListSortField } from '@stationbid/domain';
import { badRequest } from '../../lib/app-error.ts';
import { SORT_KEY_TYPES, type SortKey } from './member-list.repository.ts';

interface CursorContent {
  sortBy: MemberListSortField;
  sortDirection: 'asc' | 'desc';
  key: SortKey;
}

export function encodeMemberCursor(content: CursorContent): string {
  return Buffer.from(JSON.stringify([content.sortBy, content.sortDirection, content.key])).toString('base64url');
}

/** The keys of the member a cursor points after; 400 when it is not one of ours or not of this order. */
export function decodeMemberCursor(
  cursor: string,
  expected: { sortBy: MemberListSortField; sortDirection: 'asc' | 'desc' },
): SortKey {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(MEMBER_LIST_MESSAGES.cursorInvalid);
  }
  if (!Array.isArray(decoded) || decoded.length !== 3) throw badRequest(MEMBER_LIST_MESSAGES.cursorInvalid);
  const [sortBy, sortDirection, key] = decoded as [unknown, unknown, unknown];
  const types = SORT_KEY_TYPES[sortBy as MemberListSortField];
  if (
    types === undefined ||
    (sortDirection !== 'asc' && sortDirection !== 'desc') ||
    !Array.isArray(key) ||
    key.length !== types.length ||
    key.some((value, index) => typeof value !== types[index] || (typeof value === 'number' && !Number.isFinite(value)))
  ) {
    throw badRequest(MEMBER_LIST_MESSAGES.cursorInvalid);
  }
  if (sortBy !== expected.sortBy || sortDirection !== expected.sortDirection) {
    throw badRequest(MEMBER_LIST_MESSAGES.cursorSortMismatch);
  }
  return key as SortKey;
}
