/**
 * The two ways a table comes to be: a create request, checked in full before anything exists
 * (a refused create leaves nothing behind), and a stored match replayed by the rules.
 */
import type { ResumableMatch } from "@saloon/db";
import type { ActionBase, AnyGame, LogEvent, Seat } from "@saloon/engine";
import { createTableOptions } from "@saloon/protocol";
import { JoinRejected, describeIssues, parseJoin, splitOptions } from "./table-options.ts";
import { TurnUndo } from "./table-undo.ts";

/**
 * A create request, checked: the game, its parsed table options, the bot seats, and the names of
 * the seats the game plays itself (El Paso's Sue), which are bot seats too.
 */
export function readCreateRequest(raw: unknown, games: Readonly<Record<string, AnyGame>>) {
  const { table, join } = splitOptions(raw);
  const parsed = createTableOptions.safeParse(table);
  if (!parsed.success) throw new JoinRejected("BAD_OPTIONS", describeIssues(parsed.error));
  const request = parsed.data;
  const creator = parseJoin(join);
  if (!creator.success) throw new JoinRejected("BAD_OPTIONS", describeIssues(creator.error));

  const game = Object.hasOwn(games, request.game) ? games[request.game] : undefined;
  if (!game) throw new JoinRejected("UNKNOWN_GAME", `No game "${request.game}" here; see GET /api/games`);
  if (request.seats < game.minSeats || request.seats > game.maxSeats) {
    throw new JoinRejected("BAD_SETUP", `${game.title} takes ${game.minSeats}–${game.maxSeats} seats, not ${request.seats}`);
  }
  const bots = new Set(request.bots);
  if (bots.size !== request.bots.length) throw new JoinRejected("BAD_OPTIONS", "bots: a seat is listed twice");
  for (const seat of bots) {
    if (seat >= request.seats) throw new JoinRejected("BAD_OPTIONS", `bots: there is no seat ${seat} at a ${request.seats}-seat table`);
  }
  let options: unknown;
  let automa: Map<Seat, string>;
  try {
    options = game.parseOptions(request.options);
    automa = new Map((game.automaSeats?.(request.seats, options) ?? []).map((seat) => [seat.seat, seat.name]));
  } catch (cause) {
    throw new JoinRejected("BAD_SETUP", (cause as Error).message);
  }
  for (const seat of automa.keys()) bots.add(seat);
  // Refuse a creator who could never sit down now, rather than leaving an orphan table behind.
  if (!creator.data.spectate) {
    if (bots.size === request.seats) throw new JoinRejected("TABLE_FULL", "Every seat is a bot; create the table with spectate: true to watch");
    const wanted = creator.data.seat;
    if (wanted !== undefined && (wanted >= request.seats || bots.has(wanted))) {
      throw new JoinRejected("SEAT_TAKEN", `Seat ${wanted} is not free at this table`);
    }
  }
  return { game, request, bots, options, automa };
}

/**
 * A stored match's game state after every stored action, in order, and its undo window as it
 * was when the last of them was stored; throws "cannot rebuild…" when the rules refuse its log.
 */
export function replayStored(game: AnyGame, match: ResumableMatch): {
  gameState: unknown;
  actions: { seat: Seat; action: ActionBase; at: number; byPerson: boolean }[];
  events: LogEvent[];
  undo: TurnUndo;
} {
  // A game stored under other rules would be replayed into a different game (or refused part
  // way): after a deploy that changed the rules, its table is not rebuilt (the keeper marks it).
  if (match.rulesVersion !== game.rulesVersion) {
    throw new Error(`cannot rebuild table ${match.id}: it was played under rules version ${match.rulesVersion}, this server has ${game.rulesVersion}`);
  }
  let gameState = game.setup(match.seed, match.seats.length, match.options);
  const actions: { seat: Seat; action: ActionBase; at: number; byPerson: boolean }[] = [];
  const events: LogEvent[] = [];
  // The undo window is rebuilt as the room kept it, step by step, with the stored word on who
  // decided each step. A bot's step empties it (steps and the "closed by a draw" note alike),
  // so it is fed only from the step after the last bot step on: the same window, without
  // asking the engine about every step of a long game.
  const undo = new TurnUndo();
  const windowFrom = match.actions.findLastIndex((entry) => entry.byPerson !== true) + 1;
  for (const [index, entry] of match.actions.entries()) {
    if (entry.index !== index) throw new Error(`cannot rebuild table ${match.id}: its log has no action ${index}`);
    const result = game.apply(gameState, entry.seat, entry.action);
    if (!result.ok) throw new Error(`cannot rebuild table ${match.id}: action ${index} is refused now (${result.error.code})`);
    if (index >= windowFrom) {
      undo.accepted(game, index, entry.seat, gameState, result.state, true);
      undo.published(index, events.length);
    }
    gameState = result.state;
    actions.push({ seat: entry.seat, action: entry.action, at: entry.at.getTime(), byPerson: entry.byPerson === true });
    events.push(...result.events);
  }
  return { gameState, actions, events, undo };
}
