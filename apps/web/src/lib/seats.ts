/**
 * Seat identities used by every game's table: a colour AND a letter, so colour never carries
 * meaning alone. Letters come from the colour names and avoid the meeple initials (D, R, M, B).
 */
export interface SeatStyle {
  /** Fill colour of the seat's pieces. */
  colour: string;
  /** Text colour drawn on top of `colour` (WCAG AA against it). */
  ink: string;
  letter: string;
  colourName: string;
}

export const SEAT_STYLES: readonly SeatStyle[] = [
  { colour: "#d9701e", ink: "#1d0f04", letter: "O", colourName: "orange" },
  { colour: "#3f8a45", ink: "#ffffff", letter: "G", colourName: "green" },
  { colour: "#a7b0b8", ink: "#15191c", letter: "S", colourName: "silver" },
  { colour: "#262322", ink: "#ffffff", letter: "K", colourName: "black" },
  { colour: "#2a8c8c", ink: "#ffffff", letter: "T", colourName: "teal" },
  { colour: "#c2557f", ink: "#ffffff", letter: "P", colourName: "pink" },
  { colour: "#f2ebdc", ink: "#1d0f04", letter: "W", colourName: "white" },
  { colour: "#2f3f7a", ink: "#ffffff", letter: "N", colourName: "navy" },
];

export function seatStyle(seat: number): SeatStyle {
  return SEAT_STYLES[((seat % SEAT_STYLES.length) + SEAT_STYLES.length) % SEAT_STYLES.length]!;
}

/** "Alice" or a neutral stand-in when a seat has no name yet. */
export function seatName(names: readonly string[], seat: number | null | undefined): string {
  if (seat === null || seat === undefined) return "nobody";
  return names[seat] || `Seat ${seat + 1}`;
}
