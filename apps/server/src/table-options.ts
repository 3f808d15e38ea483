/**
 * Reading what a client asks of a table: create and join options split and checked, refusals
 * as typed join errors, and the size of an action payload.
 */
import { ErrorCode, ServerError } from "@colyseus/core";
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

/** Byte length of the value as JSON, or null when it is not JSON at all (BigInt, cycles). */
export function jsonSize(value: unknown): number | null {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? null : Buffer.byteLength(text);
  } catch {
    return null;
  }
}

