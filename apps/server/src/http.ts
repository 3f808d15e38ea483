/**
 * Plain HTTP next to the WebSocket rooms: health, the game list, and the built web client.
 * Colyseus's own routes (/matchmake/…, /__healthcheck) are answered before Express sees a request.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { matchMaker } from "@colyseus/core";
import type { AnyGame } from "@saloon/engine";
import type { MatchStore } from "@saloon/db";
import { GUEST_TOKEN_HEADER, type GameInfo, type HealthStatus, guestToken, matchListQuery } from "@saloon/protocol";
import express, { type Application, type NextFunction, type Request, type Response } from "express";
import type { Logger } from "pino";

export interface HttpSettings {
  games: Readonly<Record<string, AnyGame>>;
  logger: Logger;
  /** The built web client (apps/web/dist); served only when it holds an index.html. */
  webDist?: string | undefined;
  store: MatchStore;
}

/** Paths the single-page fallback must never answer with index.html. */
const RESERVED_PREFIXES = ["/api", "/health", "/matchmake", "/__healthcheck"];

function isReserved(path: string): boolean {
  return RESERVED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

export function mountHttp(app: Application, settings: HttpSettings): { servingWeb: boolean } {
  const log = settings.logger.child({ component: "http" });
  app.disable("x-powered-by");

  app.use((req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    res.on("finish", () => {
      log.debug({ method: req.method, path: req.originalUrl.split("?")[0], status: res.statusCode, ms: Math.round(performance.now() - started) }, "request");
    });
    next();
  });

  app.get("/health", (_req, res) => {
    const body: HealthStatus = {
      status: matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN ? "shutting-down" : "ok",
      uptime: Math.round(process.uptime()),
      rooms: matchMaker.stats.local.roomCount,
      clients: matchMaker.stats.local.ccu,
    };
    res.status(body.status === "ok" ? 200 : 503).json(body);
  });

  const gameList: GameInfo[] = Object.values(settings.games).map((game) => ({
    id: game.id,
    title: game.title,
    minSeats: game.minSeats,
    maxSeats: game.maxSeats,
  }));
  app.get("/api/games", (_req, res) => {
    res.json(gameList);
  });
  // The running games a guest sits at, found by the hash of their token (sent in a header, so it
  // stays out of URLs and access logs). Only ids, games and seat names: nothing hidden.
  app.get("/api/my-tables", async (req, res, next) => {
    const token = guestToken.safeParse(req.get(GUEST_TOKEN_HEADER) ?? "");
    if (!token.success) {
      res.status(400).json({ error: `${GUEST_TOKEN_HEADER}: ${token.error.issues[0]?.message ?? "a guest token is needed"}` });
      return;
    }
    try {
      res.json(await settings.store.tablesOf(token.data));
    } catch (error) {
      next(error);
    }
  });
  // Match history. Only ended matches are served (finished, or abandoned: neither can go on): a
  // running game's seed and log together would reveal every hidden card and every draw to come.
  app.get("/api/matches", async (req, res, next) => {
    const query = matchListQuery.safeParse(req.query);
    if (!query.success) {
      res.status(400).json({ error: query.error.issues.map((issue) => `${issue.path.join(".") || "query"}: ${issue.message}`).join("; ") });
      return;
    }
    try {
      res.json(await settings.store.listEnded(query.data));
    } catch (error) {
      next(error);
    }
  });
  app.get("/api/matches/:id", async (req, res, next) => {
    // Match ids are room ids: anything else is no match, and never reaches the database.
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(req.params.id)) {
      res.status(404).json({ error: "no match with that id" });
      return;
    }
    try {
      const match = await settings.store.getEnded(req.params.id);
      if (match) res.json(match);
      // 409 for a match that exists but has not ended: the client waits for it (a table that has
      // just ended is still writing) or points to its table; a 404 is a bad link, said at once.
      // Only existence is told, to someone who already holds the id (a running table's id is what
      // joins it anyway).
      else if (await settings.store.exists(req.params.id)) res.status(409).json({ error: "this match has not ended yet" });
      else res.status(404).json({ error: "no match with that id" });
    } catch (error) {
      next(error);
    }
  });
  app.use("/api", (_req, res) => {
    res.status(404).json({ error: "not found" });
  });
  // Express 5 passes a rejected handler's error here, and its own refusals of a request (a
  // malformed percent-escape: status 400). The client's mistakes are answered as such and logged
  // quietly; only the server's own failures are errors (issue #9: junk was logged with stacks).
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
    if (typeof status === "number" && status >= 400 && status < 500) {
      log.debug({ path: req.path.slice(0, 200), status, reason: (error as Error).message?.slice(0, 200) }, "bad request");
      res.status(status).json({ error: "bad request" });
      return;
    }
    log.error({ err: error, path: req.path.slice(0, 200) }, "request failed");
    res.status(500).json({ error: "internal error" });
  });

  const webDist = settings.webDist;
  const servingWeb = webDist !== undefined && existsSync(join(webDist, "index.html"));
  if (servingWeb) {
    app.use(express.static(webDist, { index: "index.html" }));
    // Client-side routes (/table/abc…) get the app itself; a missing file (has an extension) stays a 404.
    app.use((req, res, next) => {
      if ((req.method !== "GET" && req.method !== "HEAD") || isReserved(req.path) || /\.[a-z0-9]+$/i.test(req.path)) return next();
      res.sendFile("index.html", { root: webDist });
    });
  } else {
    app.get("/", (_req, res) => {
      res.type("text/plain").send("Saloon server is running. The web client is not built (pnpm --filter @saloon/web build).\n");
    });
  }
  return { servingWeb };
}
