/**
 * The server's match history (GET /api/matches, GET /api/matches/:id) and the small pieces of
 * logic the history and match pages share: query strings, dates, winners, a debounce.
 */
import type { MatchDetail, MatchPage, MatchSummary } from "@saloon/protocol";
import { m } from "../paraglide/messages.js";
import { formatDateTime, formatRelative } from "./i18n.ts";
import { joinNames } from "./seats.ts";
import { type AnswerSubject, ServerAnswer, httpUrl } from "./server.ts";

/** The history page's address with its filters, so the match page's "← History" goes back to the same list. */
export const lastHistory = { href: "#/history" };

export interface MatchQuery {
  game?: string;
  player?: string;
  cursor?: string | null;
  limit?: number;
}

/** `/api/matches?…` with only the filters that are set (a blank player name is no filter). */
export function matchesPath(query: MatchQuery): string {
  const params = new URLSearchParams();
  if (query.game) params.set("game", query.game);
  const player = query.player?.replace(/\s+/g, " ").trim();
  if (player) params.set("player", player);
  if (query.cursor) params.set("cursor", query.cursor);
  if (query.limit) params.set("limit", String(query.limit));
  const text = params.toString();
  return `/api/matches${text ? `?${text}` : ""}`;
}

type Fetch = typeof fetch;

async function answer(response: Response, what: AnswerSubject): Promise<unknown> {
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    throw new ServerAnswer(response.status, what, typeof body?.error === "string" ? body.error : "");
  }
  return response.json();
}

export async function fetchMatches(query: MatchQuery, fetchImpl: Fetch = fetch): Promise<MatchPage> {
  const response = await fetchImpl(httpUrl(matchesPath(query)), { headers: { accept: "application/json" } });
  const body = (await answer(response, "history")) as Partial<MatchPage>;
  return { matches: Array.isArray(body.matches) ? body.matches : [], nextCursor: typeof body.nextCursor === "string" ? body.nextCursor : null };
}

/**
 * What the server knows of a match id: an ended match with everything a replay needs; a match
 * that has not ended (yet: its table is running, or has just ended and is writing); or no match.
 */
export type MatchLookup = { kind: "ended"; match: MatchDetail } | { kind: "notEnded" } | { kind: "unknown" };

export async function fetchMatch(id: string, fetchImpl: Fetch = fetch): Promise<MatchLookup> {
  const response = await fetchImpl(httpUrl(`/api/matches/${encodeURIComponent(id)}`), { headers: { accept: "application/json" } });
  if (response.status === 404) return { kind: "unknown" };
  if (response.status === 409) return { kind: "notEnded" };
  return { kind: "ended", match: (await answer(response, "match")) as MatchDetail };
}

/** A seat's name, or "Seat 3" when it has none. */
export function seatLabel(seat: { seat: number; name?: string }): string {
  return seat.name || m.shell_seat_fallback({ number: String(seat.seat + 1) });
}

/** The winners of a listed match, by name: "Annie Oakley won", "Shared win: Annie & Bot 2". */
export function winnerText(match: Pick<MatchSummary, "seats">): string {
  const winners = match.seats.filter((s) => s.winner).map(seatLabel);
  if (winners.length === 0) return m.history_no_winner();
  return winners.length === 1 ? m.history_winner_one({ name: winners[0]! }) : m.history_winner_shared({ names: joinNames(winners) });
}

/** "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago" (in the reader's language), else null (use the date). */
export function agoText(iso: string | null, now: number): string | null {
  if (!iso) return null;
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return null;
  const minutes = Math.floor((now - then) / 60_000);
  if (minutes < 1) return m.shell_just_now();
  if (minutes < 60) return formatRelative(-minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return formatRelative(-hours, "hour");
  const days = Math.floor(hours / 24);
  return days < 7 ? formatRelative(-days, "day") : null;
}

/** The finish time in the reader's language and own time zone. */
export function dateText(iso: string | null): string {
  return (iso && formatDateTime(iso, { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" })) || m.shell_unknown_time();
}

/** "23 min" between start and finish, or "" when either is missing. */
export function durationText(from: string | null, to: string | null): string {
  if (!from || !to) return "";
  const ms = Date.parse(to) - Date.parse(from);
  if (!Number.isFinite(ms) || ms < 0) return "";
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return m.shell_duration_short();
  if (minutes < 60) return m.shell_duration_minutes({ minutes: String(minutes) });
  return m.shell_duration_hours({ hours: String(Math.floor(minutes / 60)), minutes: String(minutes % 60).padStart(2, "0") });
}

/** Calls `fn` once input has been quiet for `ms`; `flush` runs a pending call now, `cancel` drops it. */
export function debounce<T extends unknown[]>(fn: (...args: T) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: T | null = null;
  const run = () => {
    timer = null;
    const args = pending;
    pending = null;
    if (args) fn(...args);
  };
  return {
    call(...args: T): void {
      pending = args;
      if (timer) clearTimeout(timer);
      timer = setTimeout(run, ms);
    },
    flush(): void {
      if (timer) clearTimeout(timer);
      run();
    },
    cancel(): void {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
    },
  };
}
