/** El Gaucho in the browser: board, seat details, log and prompt wording. */
import { type GauchoView, elGaucho } from "@saloon/el-gaucho";
import type { GameClient } from "../types.ts";
import { m } from "../../paraglide/messages.js";
import Board from "./Board.svelte";
import { describeEvent } from "./log.ts";
import { labelWithOrder } from "./order.ts";
import { describePrompt, describeWaiting, onBoard } from "./prompt.ts";
import SeatDetails from "./SeatDetails.svelte";


export const elGauchoClient: GameClient<GauchoView> = {
  id: "el-gaucho",
  rules: elGaucho,
  Board,
  SeatDetails,
  describeEvent,
  describePrompt,
  describeWaiting,
  onBoard,
  optionLabel: labelWithOrder,
  waitingFor: (view) => view.waitingFor ?? [],
  categoryLabel: (category) => m.gaucho_category({ category }),
  activeSeat: (view) => (view.phase?.kind === "turn" ? view.active : null),
};
