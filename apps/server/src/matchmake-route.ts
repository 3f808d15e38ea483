/**
 * Matchmaking requests answered straight from Node's request and response objects.
 *
 * Colyseus 0.18 answers `POST /matchmake/:method/:room` through better-call's web adapter: the
 * body is read and parsed, stringified again into a web stream, wrapped in a web `Request`,
 * routed, parsed once more, answered with a web `Response` and copied back into Node's response
 * through another stream. After a restart a thousand people ask at once, on the one thread that
 * also rebuilds their tables (docs/recovery.md). Here the same request calls the same matchmaker
 * method with the same auth context and gets the same answer (status, body, CORS headers).
 *
 * Second try (the first, 56beadf, was reverted): a request this route reads a byte of is
 * answered here, whatever its body; nothing read is ever handed on. Whether a request is taken
 * is decided from its request line and headers alone: POST, `/matchmake/<exposed method>/<plain
 * name or id>`, `Content-Type: application/json`, a `Content-Length` above 0, the matchmaker
 * ready. Anything else (another content type, no body, a query string, a shutdown already under
 * way) goes to Colyseus's route untouched, which answers it as it always did. A body that is
 * taken is bounded (16 KiB, 413 beyond), its nesting is counted on the text before `JSON.parse`
 * sees it (400 beyond 16 levels: a deep array or object never reaches the parser, the
 * matchmaker or better-call's `JSON.stringify`), and it must be a JSON object (400 otherwise).
 * Installed inside the HTTP guard (http-guard.ts): the guard's budgets and limits apply first.
 */
import type { IncomingMessage, Server as HttpServer, ServerResponse } from "node:http";
import { type AuthContext, createAuthContext, matchMaker } from "@colyseus/core";
import { type JoinErrorCode, MAX_BODY_BYTES, formatJoinError } from "@saloon/protocol";

/** Deepest nesting of objects and arrays a matchmaking body may have (options are 2–3 deep). */
export const MAX_OPTIONS_DEPTH = 16;

/** How long a taken request may take to send its body before it is answered 408 and closed. */
const BODY_TIMEOUT_MS = 10_000;

/** The shapes taken: better-call's `/matchmake/:method/:roomName` without a query or escapes. */
const ROUTE = /^\/matchmake\/(\w+)\/([\w-]+)$/;

/** What Colyseus adds to a reservation from its transport (the stock WebSocket transport has neither). */
export interface TransportFacts {
  protocol?: unknown;
  fingerprint?: unknown;
}

export interface MatchmakeRouteSettings {
  transport: TransportFacts;
  /** A fault of this route itself (never a refusal): logged by the caller. */
  onError: (error: unknown) => void;
  /** Largest body read (bytes; default MAX_BODY_BYTES, the guard's limit). */
  maxBodyBytes?: number;
  /** Longest wait for a taken request's body (ms). */
  bodyTimeoutMs?: number;
}

/**
 * Whether `text` opens more than `limit` objects or arrays inside one another. Counts brackets
 * outside strings in one pass; a malformed text is left for `JSON.parse` to refuse.
 */
export function nestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

/** The media type of a Content-Type header, lower case, without its parameters. */
function mediaType(header: string | undefined): string {
  if (!header) return "";
  const end = header.indexOf(";");
  return (end === -1 ? header : header.slice(0, end)).trim().toLowerCase();
}

/** Decided from the request line and headers alone, before a byte of the body is read. */
function taken(req: IncomingMessage): RegExpExecArray | null {
  if (req.method !== "POST") return null;
  const route = ROUTE.exec(req.url ?? "");
  if (!route || !matchMaker.controller.exposedMethods.includes(route[1]!)) return null;
  // Colyseus's route answers a shutdown itself (503), and any body that is not JSON as it always did.
  if (matchMaker.state !== matchMaker.MatchMakerState.READY) return null;
  if (mediaType(req.headers["content-type"]) !== "application/json") return null;
  if (req.headers["transfer-encoding"] !== undefined) return null;
  const length = req.headers["content-length"];
  if (length === undefined || !/^\d+$/.test(length) || Number(length) === 0) return null;
  return route;
}

/** The CORS headers Colyseus's first request listener sets on every response (router/index.ts). */
function corsHeaders(req: IncomingMessage): Record<string, string> {
  const controller = matchMaker.controller;
  const headers = {
    get(name: string): string | null {
      const value = req.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
  } as Headers;
  return { ...controller.DEFAULT_CORS_HEADERS, ...controller.getCorsHeaders(headers) } as Record<string, string>;
}

class Answer {
  private sent = false;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly onError: (error: unknown) => void,
  ) {}

  get done(): boolean {
    return this.sent;
  }

  /** Marks the request answered without sending anything (the client is gone). */
  abandon(): void {
    this.sent = true;
  }

  /**
   * Sends `body` as JSON with Colyseus's CORS headers, once. `close` for a body left unread: the
   * connection cannot carry another request after it.
   */
  send(status: number, body: unknown, close = false): void {
    if (this.sent) return;
    this.sent = true;
    if (this.res.destroyed || this.res.headersSent) return;
    try {
      const json = body === undefined ? "" : JSON.stringify(body);
      this.res.writeHead(status, {
        ...corsHeaders(this.req),
        "content-type": "application/json",
        "content-length": Buffer.byteLength(json),
        ...(close ? { connection: "close" } : {}),
      });
      this.res.end(json);
    } catch (error) {
      this.onError(error);
      this.res.destroy();
    }
  }

  /** A typed refusal, `{ code, error }` as the guard and Colyseus's matchmaker send them. */
  refuse(status: number, code: JoinErrorCode, message: string, close = false): void {
    this.send(status, { code: status, error: formatJoinError(code, message) }, close);
  }
}

async function matchmake(req: IncomingMessage, answer: Answer, method: string, target: string, options: Record<string, unknown>, transport: TransportFacts): Promise<void> {
  let response: Record<string, unknown>;
  try {
    // The same context Colyseus builds (our onAuth reads the URL: matchmake-request.ts).
    const context: AuthContext = createAuthContext({ headers: req.headers, req } as Parameters<typeof createAuthContext>[0]);
    response = (await matchMaker.controller.invokeMethod(method, target, options, context)) as unknown as Record<string, unknown>;
  } catch (error) {
    // Colyseus answers a refusal with its error code as the HTTP status, and { code, error }.
    const { code, message } = error as { code?: unknown; message?: unknown };
    const status = typeof code === "number" && Number.isInteger(code) && code >= 200 && code <= 599 ? code : 500;
    answer.send(status, { code: status, error: typeof message === "string" ? message : "" });
    return;
  }
  if (transport.protocol !== undefined) response.protocol = transport.protocol;
  if (transport.fingerprint !== undefined) response.fingerprint = transport.fingerprint;
  answer.send(200, response);
}

/** A taken request's whole body, read here: every outcome is answered by `answer`. */
function answerBody(req: IncomingMessage, body: Buffer, answer: Answer, route: RegExpExecArray, settings: MatchmakeRouteSettings): void {
  let text = body.toString("utf8");
  // A web Request's json() (Colyseus's route) drops a leading byte order mark; so does this.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (nestedDeeperThan(text, MAX_OPTIONS_DEPTH)) {
    answer.refuse(400, "BAD_REQUEST", `options are nested at most ${MAX_OPTIONS_DEPTH} levels deep`);
    return;
  }
  let options: unknown;
  try {
    options = JSON.parse(text);
  } catch {
    answer.refuse(400, "BAD_REQUEST", "the body is not JSON");
    return;
  }
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    // The words our own admission uses (admission.ts), so the client reads the same reason.
    answer.refuse(400, "BAD_OPTIONS", "Options are an object");
    return;
  }
  // A shutdown that began while the body arrived: as Colyseus's route answers it.
  if (matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN) {
    answer.send(503, undefined);
    return;
  }
  matchmake(req, answer, route[1]!, route[2]!, options as Record<string, unknown>, settings.transport).catch((error: unknown) => {
    settings.onError(error);
    answer.send(500, { code: 500, error: "matchmaking failed" });
  });
}

/** Reads a taken request's body, bounded in size and time. */
function readBody(req: IncomingMessage, res: ServerResponse, route: RegExpExecArray, settings: MatchmakeRouteSettings): void {
  const answer = new Answer(req, res, settings.onError);
  const maxBytes = settings.maxBodyBytes ?? MAX_BODY_BYTES;
  const chunks: Buffer[] = [];
  let size = 0;
  let reading = true;
  const stop = () => {
    reading = false;
    clearTimeout(timer);
  };
  const timer = setTimeout(() => {
    if (!reading) return;
    stop();
    answer.refuse(408, "BAD_REQUEST", "the request body took too long", true);
  }, settings.bodyTimeoutMs ?? BODY_TIMEOUT_MS);
  req.on("data", (chunk: Buffer) => {
    if (!reading) return; // after a refusal: drained until the connection closes
    size += chunk.length;
    if (size > maxBytes) {
      stop();
      chunks.length = 0;
      answer.refuse(413, "BAD_REQUEST", `request bodies are at most ${maxBytes} bytes`, true);
      return;
    }
    chunks.push(chunk);
  });
  req.on("end", () => {
    if (!reading) return;
    stop();
    answerBody(req, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size), answer, route, settings);
  });
  // The client went away before its body was complete: nobody is left to answer.
  const gone = () => {
    if (!reading) return;
    stop();
    answer.abandon();
    res.destroy();
  };
  req.on("error", gone);
  req.on("close", gone);
}

/**
 * Wraps the server's "request" event: a matchmaking request of the common shape is answered
 * here, every other one goes on unchanged and unread. Install it before guardHttp (the guard
 * wraps the event around this, so it looks at every request first).
 */
export function answerMatchmaking(server: HttpServer, settings: MatchmakeRouteSettings): void {
  const emit = server.emit as (this: HttpServer, event: string | symbol, ...args: unknown[]) => boolean;
  server.emit = function matchmakingEmit(this: HttpServer, event: string | symbol, ...args: unknown[]): boolean {
    if (event !== "request") return emit.call(this, event, ...args);
    const req = args[0] as IncomingMessage;
    const route = taken(req);
    if (!route) return emit.call(this, event, ...args);
    readBody(req, args[1] as ServerResponse, route, settings);
    return true;
  } as HttpServer["emit"];
}
