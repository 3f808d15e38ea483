/**
 * The first look at every HTTP request, before Colyseus or Express reads a byte of its body:
 * bodies are bounded by their declared length, matchmaking is budgeted per address, and table
 * creation per address. Issue #9: one 10 MB JSON string to /matchmake blocked the event loop for
 * 20–30 s (Colyseus reads any body whole, then parses it), and table creation was unlimited.
 */
import type { IncomingMessage, Server as HttpServer, ServerResponse } from "node:http";
import { type JoinErrorCode, MAX_BODY_BYTES, formatJoinError } from "@saloon/protocol";
import type { Logger } from "pino";
import type { Budgets } from "./budgets.ts";

export interface HttpGuardSettings {
  budgets: Budgets;
  /** Take the client's address from the last X-Forwarded-For entry (set behind one trusted reverse proxy). */
  trustProxy: boolean;
  logger: Logger;
  maxBodyBytes?: number;
}

/** Longest request line path + query accepted. */
export const MAX_URL_BYTES = 4096;

/** The address budgets are charged to: the peer, or the address a trusted proxy appended. */
export function addressOf(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const header = req.headers["x-forwarded-for"];
    const hops = (Array.isArray(header) ? header.join(",") : (header ?? "")).split(",");
    const last = hops.map((hop) => hop.trim()).filter(Boolean).at(-1);
    if (last) return last;
  }
  return req.socket.remoteAddress ?? "unknown";
}

/** A refusal in the shape Colyseus's matchmaker uses (`{ code, error }`), read by `joinErrorCode`. */
function refuse(res: ServerResponse, status: number, code: JoinErrorCode, message: string): false {
  const body = JSON.stringify({ code: status, error: formatJoinError(code, message) });
  // The body (if any) is never read: the connection closes after the answer.
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body), connection: "close" });
  res.end(body);
  return false;
}

/** Wraps the server's "request" event so a refused request never reaches any listener. */
export function guardHttp(server: HttpServer, settings: HttpGuardSettings): void {
  const log = settings.logger.child({ component: "http-guard" });
  const maxBody = settings.maxBodyBytes ?? MAX_BODY_BYTES;

  const admit = (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? "/";
    if (url.length > MAX_URL_BYTES) return refuse(res, 414, "BAD_REQUEST", `URLs are at most ${MAX_URL_BYTES} bytes`);
    const declared = req.headers["content-length"];
    if (req.headers["transfer-encoding"] !== undefined) {
      // A chunked body's size is unknown until it has been read: refused, so nothing reads it.
      return refuse(res, 411, "BAD_REQUEST", "a request body needs a Content-Length");
    }
    if (declared !== undefined && Number(declared) > maxBody) {
      log.debug({ path: url.slice(0, 100), bytes: Number(declared) }, "request body too large");
      return refuse(res, 413, "BAD_REQUEST", `request bodies are at most ${maxBody} bytes`);
    }
    if (req.method === "POST" && url.startsWith("/matchmake/")) {
      const address = addressOf(req, settings.trustProxy);
      if (!settings.budgets.matchmake(address)) return refuse(res, 429, "RATE_LIMITED", "too many requests from this address; wait a moment");
      if (/^\/matchmake\/(create|joinOrCreate)\//.test(url) && !settings.budgets.createByAddress(address)) {
        return refuse(res, 429, "RATE_LIMITED", "too many tables created from this address; wait a minute");
      }
    }
    return true;
  };

  const emit = server.emit as (this: HttpServer, event: string | symbol, ...args: unknown[]) => boolean;
  server.emit = function guardedEmit(this: HttpServer, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request" && !admit(args[0] as IncomingMessage, args[1] as ServerResponse)) return true;
    return emit.call(this, event, ...args);
  } as HttpServer["emit"];
}
