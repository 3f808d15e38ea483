/** Hash routes: `#/` (lobby), `#/table/<roomId>` (play), `#/table/<roomId>/watch` (spectate). */

export type Route = { page: "lobby" } | { page: "table"; roomId: string; watch: boolean };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] === "table" && parts[1]) return { page: "table", roomId: parts[1], watch: parts[2] === "watch" };
  return { page: "lobby" };
}

export function tableHref(roomId: string, watch = false): string {
  return `#/table/${encodeURIComponent(roomId)}${watch ? "/watch" : ""}`;
}

class Router {
  route = $state<Route>(parseRoute(globalThis.location?.hash ?? ""));

  constructor() {
    globalThis.addEventListener?.("hashchange", () => {
      this.route = parseRoute(location.hash);
    });
  }

  go(hash: string): void {
    if (location.hash === hash) this.route = parseRoute(hash);
    else location.hash = hash;
  }
}

export const router = new Router();
