/**
 * What a matchmaking request asks for, read from the request Colyseus hands a room's static
 * `onAuth` (the only hook that runs before a place is reserved, and whose refusal the client
 * receives as a typed error).
 */
import type { AuthContext } from "@colyseus/core";

export interface MatchmakeRequest {
  /** create | join | joinById | joinOrCreate | reconnect */
  method: string;
  /** The room name, or the room id for joinById. */
  target: string;
}

export function matchmakeRequestOf(context: AuthContext): MatchmakeRequest {
  const url = (context.req as { url?: string } | undefined)?.url ?? "";
  const [, method = "", target = ""] = /\/matchmake\/(\w+)\/([^/?#]+)/.exec(url) ?? [];
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    // not a valid escape: keep it as it came
  }
  return { method, target: decoded };
}

/** Options a client may send: a plain object, or nothing. */
export function isPlainOptions(options: unknown): boolean {
  return options === undefined || (options !== null && typeof options === "object" && !Array.isArray(options));
}
