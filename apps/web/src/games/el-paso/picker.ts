/**
 * What every region of the El Paso board needs to offer options where they live: the options at
 * a place, a label for it, the place whose choices are open, and the two ways of answering.
 */
import type { Option } from "../types.ts";

export interface Picker {
  /** The options living at a place (or, while a place is open, at its second-step targets). */
  at(place: string): Option[] | undefined;
  /** The place's single option's label, or `fallback` (a description of the place). */
  label(place: string, fallback: string): string;
  /** The place whose choices are open, if any. */
  open: string | null;
  choose(place: string): void;
  act(option: Option): void;
  busy: boolean;
}
