/**
 * Reading what a client asks of a table: create and join options split and checked, refusals
 * as typed join errors, and the size of an action payload.
 */
import { ErrorCode, ServerError } from "@colyseus/core";
import { hashToken } from "@saloon/db";
import { type JoinErrorCode, TABLE_OPTION_KEYS, formatJoinError, playerJoinOptions, spectatorJoinOptions } from "@saloon/protocol";
import type { z } from "zod";

export class JoinRejected extends ServerError {
  constructor(
    readonly reason: JoinErrorCode,
    message: string,
  ) {
    super(ErrorCode.APPLICATION_ERROR, formatJoinError(reason, message));
  }
}

export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 4)
    .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}

/** Splits one options object into the table's part and the joiner's part. */
export function splitOptions(raw: unknown): { table: Record<string, unknown>; join: Record<string, unknown> } {
  const entries = raw && typeof raw === "object" && !Array.isArray(raw) ? Object.entries(raw) : [];
  const isTableKey = (key: string) => (TABLE_OPTION_KEYS as string[]).includes(key);
  // fromEntries defines keys as own data properties: a "__proto__" key stays a key (and is
  // refused as unknown) instead of replacing the object's prototype.
  return {
    table: Object.fromEntries(entries.filter(([key]) => isTableKey(key))),
    join: Object.fromEntries(entries.filter(([key]) => !isTableKey(key))),
  };
}

/** Join options, checked against the variant the client meant so errors name the real problem. */
export function parseJoin(join: Record<string, unknown>) {
  return join.spectate === true ? spectatorJoinOptions.safeParse(join) : playerJoinOptions.safeParse(join);
}

/** One options object as a table reads its joiner: the join part, checked, and the token's hash. */
export interface JoinRead {
  join: Record<string, unknown>;
  parsed: ReturnType<typeof parseJoin>;
  /** hashToken of a well-formed join's token (a person is known by it), null without one. */
  readonly tokenHash: string | null;
  /** Made by returningJoin: the server's reservation for a person coming back by their seat's token. */
  readonly returning?: true;
}

const joinReads = new WeakMap<object, JoinRead>();

/**
 * Reads a reservation's options once: each join passes the same options object from the
 * matchmaking request to onAuth, the reservation gate and onJoin, and every later join at the
 * table checks it again while it is pending (admission). Each of those split it, parsed it with
 * zod and hashed its token anew: 1–2 % of the server's CPU while a thousand people came back
 * after a restart (docs/recovery.md). Nothing changes an options object once the request was
 * read (Colyseus hands it along as it came; a reservation made through another process arrives
 * as a new object and is read anew).
 */
export function readJoin(raw: unknown): JoinRead {
  const cacheable = raw !== null && typeof raw === "object";
  const known = cacheable ? joinReads.get(raw) : undefined;
  if (known) return known;
  const join = splitOptions(raw).join;
  const parsed = parseJoin(join);
  let hash: string | null | undefined;
  const read: JoinRead = {
    join,
    parsed,
    get tokenHash() {
      if (hash === undefined) hash = parsed.success && typeof parsed.data.token === "string" ? hashToken(parsed.data.token) : null;
      return hash;
    },
  };
  if (cacheable) joinReads.set(raw, read);
  return read;
}

/**
 * The options of a reservation the server makes itself for a person coming back to their seat by
 * its reconnection token (seat-return.ts): read as that person's own join (their name, their
 * token's hash), though the token itself is not known here. No client's options can pass for one:
 * only objects made here are in the cache with a hash and no token.
 */
export function returningJoin(name: string, tokenHash: string): Record<string, unknown> {
  const join = { name };
  const parsed = { success: true, data: { name } } as unknown as JoinRead["parsed"];
  joinReads.set(join, { join, parsed, tokenHash, returning: true });
  return join;
}

/** Whether a reservation's options are a returningJoin this process made (never a client's options). */
export function isReturningJoin(options: unknown): boolean {
  return options !== null && typeof options === "object" && joinReads.get(options)?.returning === true;
}

/** Byte length of the value as JSON, or null when it is not JSON at all (BigInt, cycles). */
export function jsonSize(value: unknown): number | null {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? null : Buffer.byteLength(text);
  } catch {
    return null;
  }
}

