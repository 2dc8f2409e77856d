/**
 * Notices shown once (SPEC §2: "a limit popup appears on the first area or the first search for
 * free users"): which ones this browser has shown, to which user. Kept in localStorage: per user id
 * for an account, once for the visitor. A visitor who saw one and then signed up here is the same
 * person: an account created after the visitor saw it does not see it again.
 */
import type { User } from '@catchment/domain';

export const PLAN_NOTICES = ['firstArea', 'firstSearch'] as const;
export type PlanNotice = (typeof PLAN_NOTICES)[number];

const STORAGE_KEY = 'catchment.planNotices';

/** Who saw each notice: account ids, and when the visitor did (ms since the epoch). */
export type NoticesSeen = Partial<Record<PlanNotice, { users?: number[]; visitorAt?: number }>>;

/** The viewer: an account (its id and creation date) or the visitor (null). */
export type Viewer = Pick<User, 'id' | 'date'> | null;

export function noticeSeen(seen: NoticesSeen, notice: PlanNotice, viewer: Viewer): boolean {
  const record = seen[notice];
  if (!record) return false;
  if (viewer === null) return record.visitorAt !== undefined;
  if (record.users?.includes(viewer.id)) return true;
  return record.visitorAt !== undefined && record.visitorAt <= Date.parse(viewer.date);
}

export function withNoticeSeen(seen: NoticesSeen, notice: PlanNotice, viewer: Viewer, now: number): NoticesSeen {
  const record = seen[notice] ?? {};
  const next = viewer === null
    ? { ...record, visitorAt: now }
    : { ...record, users: [...new Set([...(record.users ?? []), viewer.id])] };
  return { ...seen, [notice]: next };
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readNoticesSeen(): NoticesSeen {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? parsed as NoticesSeen : {};
  } catch {
    return {};
  }
}

/**
 * Records that the viewer has seen the notice and says whether it is the first time (false: it
 * was seen already, do not show it). Without storage (private browsing may refuse it) the notice
 * shows, at worst once per page load.
 */
export function takeNotice(notice: PlanNotice, viewer: Viewer): boolean {
  const seen = readNoticesSeen();
  if (noticeSeen(seen, notice, viewer)) return false;
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(withNoticeSeen(seen, notice, viewer, Date.now())));
  } catch {
    // Storage full or refused: the notice is shown all the same.
  }
  return true;
}
