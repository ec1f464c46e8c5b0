/**
 * Where sign-in returns to: ProtectedRoute sends a signed-out visitor to `/login?next=<the page
 * they asked for>`, and the login page (and PublicOnlyRoute, for a member already signed in) opens
 * that page afterwards instead of the dashboard.
 *
 * `next` comes from the address bar, so anyone can write a link with one: only a path of this site
 * is followed ("/verify?x=1#y"), never another site ("//evil.example", "https://...", "/\evil"), and
 * never a signed-out page (sign-in would then loop). Anything else is ignored: the dashboard opens.
 */
import { isPublicOnlyPath, paths } from './paths.ts';

export const RETURN_PARAM = 'next';

/** A stand-in origin: a candidate that resolves to any other was naming another site. */
const SAME_SITE = 'https://stationbid.invalid';

function isUnsafeCharacter(character: string): boolean {
  const code = character.charCodeAt(0);
  return character === '\\' || code < 0x20 || code === 0x7f;
}

/** The same-site path `candidate` names, or null when it names none that sign-in may open. */
export function safeReturnPath(candidate: string | null | undefined): string | null {
  if (!candidate?.startsWith('/') || candidate.startsWith('//')) return null;
  // Browsers read a backslash as a slash ("/\evil.example" is another site) and drop tabs and
  // line breaks from addresses: such a path is never one of ours. (The URL parser below reads them
  // the browsers' way too; this says no before it.)
  if ([...candidate].some(isUnsafeCharacter)) return null;
  let url: URL;
  try {
    url = new URL(candidate, SAME_SITE);
  } catch {
    return null;
  }
  if (url.origin !== SAME_SITE || isPublicOnlyPath(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The safe return path a login address carries (its `search`, e.g. "?next=%2Fverify"). */
export function returnPathFrom(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));
}

/** The login address that returns to `location` after sign-in; plain /login for the start pages. */
export function loginPathFor(location: { pathname: string; search: string; hash: string }): string {
  if (location.pathname === paths.root || location.pathname === paths.dashboard) return paths.login;
  const target = safeReturnPath(`${location.pathname}${location.search}${location.hash}`);
  if (target === null) return paths.login;
  return `${paths.login}?${new URLSearchParams({ [RETURN_PARAM]: target })}`;
}
