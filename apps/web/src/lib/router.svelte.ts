/** The current hash route, reactive. Parsing and links live in routes.ts. */
import { type Route, parseRoute } from "./routes.ts";

export { historyHref, matchHref, parseRoute, tableHref, type Route } from "./routes.ts";

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

  /** Rewrites the address (filters, a replay's move) without a navigation or a history entry. */
  replace(hash: string): void {
    if (location.hash !== hash) history.replaceState(history.state, "", hash);
  }
}

export const router = new Router();
