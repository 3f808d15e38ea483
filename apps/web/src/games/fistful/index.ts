/** A Fistful of Meeples in the browser: board, seat details, log and prompt wording. */
import { type FistfulView, fistful } from "@saloon/fistful";
import type { GameClient } from "../types.ts";
import { m } from "../../paraglide/messages.js";
import Board from "./Board.svelte";
import { describeEvent } from "./log.ts";
import { describePrompt, describeWaiting, onBoard, optionLabel, seatOption } from "./prompt.ts";
import SeatDetails from "./SeatDetails.svelte";


export const fistfulClient: GameClient<FistfulView> = {
  id: "fistful",
  rules: fistful,
  Board,
  SeatDetails,
  describeEvent,
  describePrompt,
  describeWaiting,
  onBoard,
  optionLabel,
  seatOption,
  waitingFor: (view) => view.waitingFor ?? [],
  categoryLabel: (category) => m.fistful_category({ category }),
  activeSeat: (view) => (view.step?.kind === "over" || view.step?.kind === "startSign" ? null : view.active),
};
