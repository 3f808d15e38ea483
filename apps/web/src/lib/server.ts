/**
 * Where the server is: the origin this page came from, or `?server=ws://host:port`.
 * Under `vite dev` the proxy in vite.config.ts forwards matchmaking and room sockets.
 */
import { Client } from "@colyseus/sdk";
import { m } from "../paraglide/messages.js";

export function serverUrl(): string {
  const param = new URLSearchParams(location.search).get("server");
  if (param) return param.replace(/\/+$/, "");
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}`;
}

/** The HTTP origin for /api calls (same server as the WebSocket). */
export function httpUrl(path: string): string {
  const base = serverUrl().replace(/^ws/, "http");
  return `${base}${path}`;
}

let client: Client | null = null;
export function colyseus(): Client {
  client ??= new Client(serverUrl());
  return client;
}

export interface GameInfo {
  id: string;
  title: string;
  minSeats: number;
  maxSeats: number;
}

function asGameInfo(raw: unknown): GameInfo | null {
  if (!raw || typeof raw !== "object") return null;
  const g = raw as Record<string, unknown>;
  if (typeof g.id !== "string") return null;
  const min = typeof g.minSeats === "number" ? g.minSeats : 2;
  const max = typeof g.maxSeats === "number" ? g.maxSeats : Math.max(min, 4);
  return { id: g.id, title: typeof g.title === "string" ? g.title : g.id, minSeats: min, maxSeats: max };
}

/** GET /api/games: accepts a bare array or `{ games: [...] }`. */
export async function fetchGames(): Promise<GameInfo[]> {
  const response = await fetch(httpUrl("/api/games"), { headers: { accept: "application/json" } });
  if (!response.ok) throw new ServerAnswer(response.status, "games");
  const body: unknown = await response.json();
  const list = Array.isArray(body) ? body : Array.isArray((body as { games?: unknown })?.games) ? (body as { games: unknown[] }).games : [];
  return list.map(asGameInfo).filter((g): g is GameInfo => g !== null);
}

/** What an HTTP call asked for, to say which answer was an error. */
export type AnswerSubject = "games" | "tables" | "history" | "match";

const ANSWER_TEXTS: Record<AnswerSubject, (inputs: { status: string }, options?: { locale?: "en" | "de" }) => string> = {
  games: m.shell_http_games,
  tables: m.shell_http_tables,
  history: m.shell_http_history,
  match: m.shell_http_match,
};

/** An HTTP error answer from our server; its text is said in the reader's language when shown. */
export class ServerAnswer extends Error {
  constructor(
    readonly status: number,
    readonly subject: AnswerSubject,
    /** The server's own explanation (English), if it gave one. */
    readonly reason = "",
  ) {
    super(ANSWER_TEXTS[subject]({ status: String(status) }, { locale: "en" }) + (reason ? ` (${reason})` : ""));
    this.name = "ServerAnswer";
  }

  describe(): string {
    const text = ANSWER_TEXTS[this.subject]({ status: String(this.status) });
    return this.reason ? `${text} (${this.reason})` : text;
  }
}

/** A readable sentence from whatever a failed join/create throws. */
export function errorText(error: unknown): string {
  if (error instanceof ServerAnswer) return error.describe();
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === "string") return error;
  if (error && typeof error === "object" && "message" in error) return String((error as { message: unknown }).message);
  return m.shell_error_generic();
}
