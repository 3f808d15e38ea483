/**
 * El Paso's solo variant as the lobby offers it: one person against Sue, the game's own
 * opponent. A solo table is a 2-seat El Paso table with the options { solo: true, difficulty };
 * the server seats Sue at seat 1 by itself (packages/games/el-paso/src/sue.ts).
 */
import { m } from "../paraglide/messages.js";

export const SOLO_GAME = "el-paso";

/** Her difficulty is the number of B-cards shuffled into her bot deck with the 8 A-cards. */
export const SOLO_DIFFICULTIES = [
  { difficulty: 0, label: m.lobby_solo_level_0 },
  { difficulty: 1, label: m.lobby_solo_level_1 },
  { difficulty: 2, label: m.lobby_solo_level_2 },
  { difficulty: 3, label: m.lobby_solo_level_3 },
] as const;

export interface CreateTableRequest {
  game: string;
  seats: number;
  bots: number[];
  private: boolean;
  /** Spectators may write in the table chat (they can always read it). */
  spectatorChat?: boolean;
  /** How long a person who left keeps their seat (seconds). */
  graceSeconds?: number;
  /** How fast the bots play (issue #15 item 5); the server's default is "normal". */
  botPace?: "instant" | "quick" | "normal";
  options?: Record<string, unknown>;
}

export const offersSolo = (gameId: string): boolean => gameId === SOLO_GAME;

export function soloTableRequest(difficulty: number, isPrivate: boolean): CreateTableRequest {
  return { game: SOLO_GAME, seats: 2, bots: [], private: isPrivate, options: { solo: true, difficulty } };
}
