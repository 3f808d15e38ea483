/**
 * Seat identities used by every game's table: a colour AND a letter, so colour never carries
 * meaning alone. Letters come from the colour names and avoid the meeple initials (D, R, M, B).
 */
import { m } from "../paraglide/messages.js";

export interface SeatStyle {
  /** Fill colour of the seat's pieces. */
  colour: string;
  /** Text colour drawn on top of `colour` (WCAG AA against it). */
  ink: string;
  letter: string;
  /** The colour's name in the reader's language. */
  colourName: () => string;
}

export const SEAT_STYLES: readonly SeatStyle[] = [
  { colour: "#d9701e", ink: "#1d0f04", letter: "O", colourName: m.seat_colour_orange },
  { colour: "#3f8a45", ink: "#ffffff", letter: "G", colourName: m.seat_colour_green },
  { colour: "#a7b0b8", ink: "#15191c", letter: "S", colourName: m.seat_colour_silver },
  { colour: "#262322", ink: "#ffffff", letter: "K", colourName: m.seat_colour_black },
  { colour: "#2a8c8c", ink: "#ffffff", letter: "T", colourName: m.seat_colour_teal },
  { colour: "#c2557f", ink: "#ffffff", letter: "P", colourName: m.seat_colour_pink },
  { colour: "#f2ebdc", ink: "#1d0f04", letter: "W", colourName: m.seat_colour_white },
  { colour: "#2f3f7a", ink: "#ffffff", letter: "N", colourName: m.seat_colour_navy },
];

export function seatStyle(seat: number): SeatStyle {
  return SEAT_STYLES[((seat % SEAT_STYLES.length) + SEAT_STYLES.length) % SEAT_STYLES.length]!;
}

/** "Alice" or a neutral stand-in when a seat has no name yet. */
export function seatName(names: readonly string[], seat: number | null | undefined): string {
  if (seat === null || seat === undefined) return m.shell_nobody();
  return names[seat] || m.shell_seat_fallback({ number: String(seat + 1) });
}

/** "Annie", "Annie & Bot 2", "Annie, Bot 2 & Cole": names as a sentence lists them. */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return m.shell_names_and({ first: names.slice(0, -1).join(", "), second: names[names.length - 1]! });
}
