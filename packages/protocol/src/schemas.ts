/**
 * The zod schemas the server validates incoming messages, join options and queries with. Kept
 * apart from index.ts so that a client importing only constants and types does not bundle zod.
 */
import { z } from "zod";
import { DEFAULT_GRACE_SECONDS, MAX_CHAT_LENGTH, MAX_GRACE_SECONDS, MAX_NAME_LENGTH, MAX_SEATS, normaliseChat, normaliseName } from "./limits.ts";

/** A guest identity: a random secret the browser keeps; it reclaims the seat after a reload. */
export const guestToken = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "a guest token is 16–64 letters, digits, - or _");

export const displayName = z
  .string()
  .max(MAX_NAME_LENGTH * 8, `at most ${MAX_NAME_LENGTH} characters`)
  .transform(normaliseName)
  .refine((name) => name.length > 0, "a name is needed")
  .refine((name) => [...name].length <= MAX_NAME_LENGTH, `at most ${MAX_NAME_LENGTH} characters`)
  .refine((name) => !/[<>]/.test(name), "a name cannot contain < or >");

/**
 * Options to join a table: as a player (optionally asking for a seat) or as a spectator.
 * A spectator may send its name and token too; they are accepted and ignored, so a client can
 * send the same identity whichever way it joins.
 */
export const spectatorJoinOptions = z
  .object({ spectate: z.literal(true), name: displayName.optional(), token: guestToken.optional() })
  .strict();
export const playerJoinOptions = z
  .object({
    name: displayName,
    token: guestToken,
    seat: z.number().int().min(0).max(MAX_SEATS - 1).optional(),
    spectate: z.literal(false).optional(),
  })
  .strict();
export const joinOptions = z.union([spectatorJoinOptions, playerJoinOptions]);
export type JoinOptions = z.input<typeof joinOptions>;

/** Options to create a table; the creator joins it with the same message, so join options come along. */
export const createTableOptions = z
  .object({
    game: z.string().min(1).max(32),
    seats: z.number().int().min(1).max(MAX_SEATS),
    /** Seat indices played by server bots. */
    bots: z.array(z.number().int().min(0).max(MAX_SEATS - 1)).max(MAX_SEATS).default([]),
    /** Game-specific table options; the game's parseOptions checks them. */
    options: z.record(z.string(), z.unknown()).optional(),
    /** A private table is not listed in the lobby; it is joined by its id. */
    private: z.boolean().default(false),
    /**
     * Seconds a person who left keeps their seat while the others wait (and see a countdown);
     * after it the others may give the seat to a bot or end the game. Default 300.
     */
    graceSeconds: z.number().int().min(0).max(MAX_GRACE_SECONDS).default(DEFAULT_GRACE_SECONDS),
    /** Spectators may write in the table chat too (they can always read it). Default false. */
    spectatorChat: z.boolean().default(false),
    /** How fast the server's bots play: "normal" waits the server's bot delay per step (issue #15 item 5). */
    botPace: z.enum(["instant", "quick", "normal"]).default("normal"),
  })
  .strict();
export type CreateTableOptions = z.input<typeof createTableOptions>;

/**
 * What a client passes to `client.create(TABLE_ROOM, …)`: the table options and, in the same
 * object, the creator's own join options (Colyseus hands one options object to both steps).
 */
export type CreateTableRequest = CreateTableOptions & JoinOptions;

/** Keys of a create request that belong to the table rather than to the creator's join. */
export const TABLE_OPTION_KEYS: readonly (keyof CreateTableOptions)[] = Object.keys(createTableOptions.shape) as (keyof CreateTableOptions)[];

/** The payload of an "action" message: one of the seat's current prompt options. */
export const actionMessage = z.object({ type: z.string().min(1).max(40) }).catchall(z.unknown());

/**
 * The payload of an "absent-seat" message, sent by a person still at the table once an absent
 * person's grace period is over: let a bot play that seat, or end the game (stored as abandoned).
 */
export const absentSeatMessage = z.object({ seat: z.number().int().min(0).max(MAX_SEATS - 1), choice: z.enum(["bot", "end"]) }).strict();
export type AbsentSeatMessage = z.infer<typeof absentSeatMessage>;

/**
 * The payload of a "chat" message: its text, cleaned (normaliseChat). Too long a text is not a
 * shape error but CHAT_TOO_LONG (the room checks the cleaned length), so the raw string is only
 * bounded here against absurd sizes; an empty one is BAD_MESSAGE.
 */
export const chatMessage = z
  .object({ text: z.string().max(MAX_CHAT_LENGTH * 8).transform(normaliseChat).refine((text) => text.length > 0, "a chat message needs some text") })
  .strict();
export type ChatRequest = z.input<typeof chatMessage>;

/** The bot paces a table can have, slowest last. */
export const BOT_PACES = ["instant", "quick", "normal"] as const;
export type BotPace = (typeof BOT_PACES)[number];
/** The payload of a "bot-pace" message: a seated person changes how fast the bots play. */
export const botPaceMessage = z.object({ pace: z.enum(BOT_PACES) }).strict();
export type BotPaceMessage = z.infer<typeof botPaceMessage>;

/** Query text: one value (not repeated), and nothing a name could never hold. */
const queryText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !/[\p{Cc}\p{Cs}]/u.test(text), "control characters are not allowed");

export const matchListQuery = z
  .object({
    game: queryText(32).optional(),
    player: queryText(MAX_NAME_LENGTH * 4).transform(normaliseName).optional(),
    cursor: queryText(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  })
  .strict();
