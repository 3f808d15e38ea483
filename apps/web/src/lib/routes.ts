/**
 * Hash routes, as plain functions (the reactive router in router.svelte.ts uses them):
 * `#/` lobby, `#/table/<roomId>` play, `#/table/<roomId>/watch` spectate,
 * `#/history?game=…&player=…` finished matches, `#/match/<matchId>?move=N` one match and its replay.
 */

export type Route =
  | { page: "lobby" }
  | { page: "table"; roomId: string; watch: boolean }
  | { page: "history"; game: string; player: string }
  | { page: "match"; matchId: string; move: number | null };

export function parseRoute(hash: string): Route {
  const [path = "", query = ""] = hash.replace(/^#\/?/, "").split("?", 2);
  const parts = path.split("/").filter(Boolean).map(safeDecode);
  const params = new URLSearchParams(query);
  if (parts[0] === "table" && parts[1]) return { page: "table", roomId: parts[1], watch: parts[2] === "watch" };
  if (parts[0] === "history") return { page: "history", game: params.get("game")?.trim() ?? "", player: params.get("player")?.trim() ?? "" };
  if (parts[0] === "match" && parts[1]) {
    const move = Number(params.get("move") ?? "");
    return { page: "match", matchId: parts[1], move: params.has("move") && Number.isInteger(move) && move >= 0 ? move : null };
  }
  return { page: "lobby" };
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

export function tableHref(roomId: string, watch = false): string {
  return `#/table/${encodeURIComponent(roomId)}${watch ? "/watch" : ""}`;
}

export function historyHref(filters: { game?: string; player?: string } = {}): string {
  const params = new URLSearchParams();
  if (filters.game) params.set("game", filters.game);
  if (filters.player?.trim()) params.set("player", filters.player.trim());
  const query = params.toString();
  return `#/history${query ? `?${query}` : ""}`;
}

export function matchHref(matchId: string, move?: number): string {
  return `#/match/${encodeURIComponent(matchId)}${move === undefined ? "" : `?move=${move}`}`;
}
