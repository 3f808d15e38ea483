/** What the generic table needs from a game's renderer. Adding a game = one module of this shape. */
import type { ActionBase, AnyGame, LogEvent, Prompt } from "@saloon/engine";
import type { Component } from "svelte";

export type Option = ActionBase;

export interface BoardProps<V = unknown> {
  view: V;
  /**
   * The prompt this viewer owes now, or null (spectators, other seats' turns, replays). With
   * null the board is read-only: nothing on it is highlighted or clickable.
   */
  prompt: Prompt<Option> | null;
  mySeat: number | null;
  names: string[];
  /** Sends one of `prompt.options`; ignored while a previous action is on its way. */
  act: (option: Option) => void;
  busy: boolean;
  /** Events of the last accepted action(s), for short highlights of what changed. */
  recent: LogEvent[];
}

export interface SeatDetailProps<V = unknown> {
  view: V;
  seat: number;
}

export interface GameClient<V = unknown> {
  id: string;
  /**
   * The game's own rules package (the same object the server hosts), for rebuilding finished
   * matches in the browser (replays). A client without it shows a match's scores but no replay.
   */
  rules?: AnyGame;
  Board: Component<BoardProps<V>>;
  /** Per-seat facts shown in the seat cards (cubes, score so far ...). */
  SeatDetails?: Component<SeatDetailProps<V>>;
  describeEvent(event: LogEvent, names: readonly string[]): string;
  /** What the viewer is asked, as one sentence. */
  describePrompt(prompt: Prompt<Option>, view: V, names: readonly string[]): string;
  /** What another seat is busy deciding ("choosing a direction"). */
  describeWaiting(kind: string, view: V): string;
  /** True when the board itself offers this option (so the chrome shows no button for it). */
  onBoard(prompt: Prompt<Option>, option: Option): boolean;
  /** Label of a button for an option that has no place on the board. */
  optionLabel(prompt: Prompt<Option>, option: Option, view: V, names: readonly string[]): string;
  /** The option chosen by clicking a seat card ("name a player"), if any. */
  seatOption?(prompt: Prompt<Option>, seat: number): Option | null;
  /** Who owes a decision now, from the view (everyone can see this). */
  waitingFor(view: V): { seat: number; kind: string }[];
  categoryLabel(category: string): string;
  /**
   * The game's own table options in the lobby's create form, if it has any: a component that
   * keeps `options` (bindable) as the create request's `options`.
   */
  TableOptions?: Component<{ options?: Record<string, unknown> }>;
  /** Which seat is "at the table" this turn, for the turn marker (may differ from who owes a prompt). */
  activeSeat?(view: V): number | null;
}
