/**
 * Matchmaking requests answered straight from Node's request and response objects.
 *
 * Colyseus 0.18 answers `POST /matchmake/:method/:room` through better-call's web adapter: the
 * body is read and parsed (prereadRequestBodies), stringified again into a web stream, wrapped
 * in a web `Request`, routed, parsed once more, answered with a web `Response` and copied back
 * into Node's response through another stream. After a restart a thousand people ask at once,
 * on the one thread that also rebuilds their tables: that round trip was ~3.7 % of the restarted
 * server's CPU (docs/recovery.md). Here the same request calls the same matchmaker method with
 * the same auth context and gets the same answer (status, body, CORS headers), without it.
 *
 * Only the common case is taken: a known method, a plain room name or id, a JSON object body,
 * the matchmaker running. Anything else (another content type, a malformed body, an array, no
 * body, a shutdown) goes on to Colyseus's own route as before, with the body already read as
 * prereadRequestBodies would have left it, so every edge case is answered by Colyseus itself.
 * Installed inside the HTTP guard (http-guard.ts): the guard's budgets and limits apply first.
 */
import type { IncomingMessage, Server as HttpServer, ServerResponse } from "node:http";
import { type AuthContext, createAuthContext, matchMaker } from "@colyseus/core";

const ROUTE = /^\/matchmake\/(\w+)\/([\w-]+)$/;

/** Colyseus's answer to a matchmaking request, as its route sends it. */
function answer(res: ServerResponse, req: IncomingMessage, status: number, body: unknown): void {
  const controller = matchMaker.controller;
  // What Colyseus's first request listener sets on every response (router/index.ts).
  const origin = req.headers.origin;
  const cors = { ...controller.DEFAULT_CORS_HEADERS, ...controller.getCorsHeaders({ get: (name: string) => (name.toLowerCase() === "origin" && typeof origin === "string" ? origin : null) } as Headers) };
  const json = JSON.stringify(body);
  res.writeHead(status, { ...cors, "content-type": "application/json", "content-length": Buffer.byteLength(json) });
  res.end(json);
}

/** What Colyseus adds to a reservation from its transport (the stock WebSocket transport has neither). */
interface TransportFacts {
  protocol?: unknown;
  fingerprint?: unknown;
}

async function matchmake(req: IncomingMessage, res: ServerResponse, method: string, target: string, options: Record<string, unknown>, transport: TransportFacts): Promise<void> {
  let response: Record<string, unknown>;
  try {
    // The same context Colyseus builds (its onAuth reads the URL: matchmake-request.ts).
    const context: AuthContext = createAuthContext({ headers: req.headers, req } as Parameters<typeof createAuthContext>[0]);
    response = (await matchMaker.controller.invokeMethod(method, target, options, context)) as unknown as Record<string, unknown>;
  } catch (error) {
    // Colyseus answers a refusal with its error code as the HTTP status, and { code, error }.
    const { code, message } = error as { code?: number; message?: string };
    const status = typeof code === "number" && code >= 100 && code <= 999 ? code : 500;
    answer(res, req, status, { code: status, error: message ?? "" });
    return;
  }
  if (transport.protocol !== undefined) response.protocol = transport.protocol;
  if (transport.fingerprint !== undefined) response.fingerprint = transport.fingerprint;
  answer(res, req, 200, response);
}

/**
 * Wraps the server's "request" event: a matchmaking request of the common shape is answered
 * here; every other request goes on unchanged. Install it before guardHttp (the guard wraps
 * the event around this, so it looks at every request first).
 */
export function answerMatchmaking(server: HttpServer, transport: TransportFacts, onError: (error: unknown) => void): void {
  const emit = server.emit as (this: HttpServer, event: string | symbol, ...args: unknown[]) => boolean;
  server.emit = function matchmakingEmit(this: HttpServer, event: string | symbol, ...args: unknown[]): boolean {
    if (event !== "request") return emit.call(this, event, ...args);
    const req = args[0] as IncomingMessage;
    const res = args[1] as ServerResponse;
    const route = req.method === "POST" ? ROUTE.exec(req.url ?? "") : null;
    const [, method = "", target = ""] = route ?? [];
    if (
      !route ||
      !matchMaker.controller.exposedMethods.includes(method) ||
      matchMaker.state !== matchMaker.MatchMakerState.READY ||
      !(Number(req.headers["content-length"]) > 0) ||
      !(req.headers["content-type"] ?? "").includes("application/json")
    ) {
      return emit.call(this, event, ...args);
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("error", () => emit.call(this, event, ...args));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        // As prereadRequestBodies leaves an unparsable body: Colyseus answers it.
        (req as { body?: unknown }).body = raw;
        emit.call(this, event, ...args);
        return;
      }
      if (body === null || typeof body !== "object" || Array.isArray(body)) {
        (req as { body?: unknown }).body = body;
        emit.call(this, event, ...args);
        return;
      }
      matchmake(req, res, method, target, body as Record<string, unknown>, transport).catch((error: unknown) => {
        onError(error);
        if (!res.headersSent) answer(res, req, 500, { code: 500, error: "matchmaking failed" });
      });
    });
    return true;
  } as HttpServer["emit"];
}
