/**
 * What each seat of El Gaucho may decide now: the actions and the prompts (index.ts carries a
 * decision out; options.ts finds what a throw of the dice allows). Section names refer to the
 * rulebook (VORRUNDE, SPIELABLAUF, EINTREIBEN, SONDERAKTIONEN, SPIELENDE).
 */
import type { Prompt, Seat } from "@saloon/engine";
import {
  AREAS,
  type Area,
  BREEDS,
  type Breed,
  INSTANT_SALE_MIN,
  STEPPE_PAIR_MAX,
  type Tile,
} from "../data.ts";
import type { GauchoState } from "../state.ts";
import { sortInPositions } from "./herds.ts";
import { type DieAction, dicePairs, dieActions, keepChoices } from "./options.ts";
import { type FieldRef, freeFields, hasFreeField } from "./pampa.ts";

export type GauchoAction =
  | { type: "keep"; tiles: Tile[] }
  | { type: "prePlace"; area: Area }
  | { type: "pick"; dice: number[] }
  | DieAction
  | { type: "wish" }
  | { type: "instantSale"; breed: Breed }
  | { type: "steal"; victim: Seat; breed: Breed; value: number }
  | { type: "overseerRaise"; fields: FieldRef[] }
  | { type: "overseerReplace"; row: number; field: number }
  | { type: "steppe" }
  | { type: "steppeChoose"; tiles: Tile[] }
  | { type: "steppePlace"; row: number; field: number }
  | { type: "recall"; area: Area }
  | { type: "retrieve"; row: number; field: number }
  | { type: "endTurn" }
  | { type: "homeLay"; breed: Breed; value: number }
  | { type: "sortIn"; breed: Breed; value: number; position: number };

export const ACTION_TYPES = [
  "keep",
  "prePlace",
  "pick",
  "stand",
  "lay",
  "raise",
  "occupy",
  "wish",
  "instantSale",
  "steal",
  "overseerRaise",
  "overseerReplace",
  "steppe",
  "steppeChoose",
  "steppePlace",
  "recall",
  "retrieve",
  "endTurn",
  "homeLay",
  "sortIn",
] as const satisfies readonly GauchoAction["type"][];

export type GauchoPrompt = Prompt<GauchoAction>;

// ---- Prompts ------------------------------------------------------------------------------------

/** Every decision owed now. In the pre-round choice every seat that has not chosen owes one at once. */
export function currentPrompts(state: GauchoState): GauchoPrompt[] {
  const phase = state.phase;
  switch (phase.kind) {
    case "over":
      return [];
    case "choose":
      return state.players.flatMap((player, seat) =>
        player.kept === null ? [{ seat, kind: "keep", options: keepChoices(player.hand).map((tiles) => ({ type: "keep" as const, tiles })) }] : [],
      );
    case "place":
      return [
        {
          seat: phase.seat,
          kind: "prePlace",
          options: AREAS.filter((area) => !state.prePlaced.includes(area)).map((area) => ({ type: "prePlace" as const, area })),
        },
      ];
    case "home":
      return [{ seat: phase.seat, kind: "home", options: homeOptions(state, phase.seat), context: { final: phase.final } }];
    case "turn": {
      const seat = state.active;
      if (phase.step === "steppeChoose") return [{ seat, kind: "steppeChoose", options: steppeChoices(state) }];
      if (phase.step === "steppePlace") {
        return [{ seat, kind: "steppePlace", options: freeFields(state.pampa).map((f) => ({ type: "steppePlace" as const, ...f })) }];
      }
      return [
        {
          seat,
          kind: "turn",
          options: turnOptions(state),
          context: { dice: state.turn.dice, wish: state.turn.wish, rodeo: state.rodeo, dieless: state.round.dieless },
        },
      ];
    }
  }
}

/**
 * Who owes a decision now and of which kind: `currentPrompts` without finding the options, for
 * the views, which every seat and the spectator receive after every action (the options of a
 * turn are a search over dice and fields). Must name the same seats and kinds as
 * `currentPrompts`; the stored matches' view digests check it at every moment.
 */
export function waitingFor(state: GauchoState): { seat: Seat; kind: string }[] {
  const phase = state.phase;
  switch (phase.kind) {
    case "over":
      return [];
    case "choose":
      return state.players.flatMap((player, seat) => (player.kept === null ? [{ seat, kind: "keep" }] : []));
    case "place":
      return [{ seat: phase.seat, kind: "prePlace" }];
    case "home":
      return [{ seat: phase.seat, kind: "home" }];
    case "turn":
      return [{ seat: state.active, kind: phase.step === "steppeChoose" || phase.step === "steppePlace" ? phase.step : "turn" }];
  }
}

function turnOptions(state: GauchoState): GauchoAction[] {
  const seat = state.active;
  const player = state.players[seat]!;
  const turn = state.turn;
  const options: GauchoAction[] = [];
  if (turn.dice === null) options.push(...dicePairs(state.rodeo).map((dice) => ({ type: "pick" as const, dice })));
  // SONDERAKTIONEN: any number, any order, at any time in the own turn.
  for (const area of AREAS) {
    if (!player.areas[area] || turn.touched.includes(area)) continue;
    options.push(...specialOptions(state, seat, area));
    // RULINGS.recallAnyTime, RULINGS.recallWhenShort: only with no gaucho in supply.
    if (player.gauchos === 0) options.push({ type: "recall", area });
  }
  if (turn.dice !== null) options.push(...dieActions(state.pampa, { seat, gauchos: player.gauchos, areas: player.areas, touched: turn.touched }, turn.dice, turn.wish));
  if (player.gauchos === 0) {
    // RULINGS.gauchosShort: lying gauchos come back from the pampa only when the supply is empty.
    state.pampa.forEach((row, r) =>
      row.forEach((f, i) => {
        if (f.gaucho?.seat === seat && !f.gaucho.standing) options.push({ type: "retrieve", row: r, field: i });
      }),
    );
  }
  if (turn.dice !== null) options.push({ type: "endTurn" });
  return options;
}

function ownLying(state: GauchoState, seat: Seat): FieldRef[] {
  const lying: FieldRef[] = [];
  state.pampa.forEach((row, r) => {
    for (let i = 0; i < row.length; i++) if (row[i]!.gaucho?.seat === seat && !row[i]!.gaucho!.standing) lying.push({ row: r, field: i });
  });
  return lying;
}

function specialOptions(state: GauchoState, seat: Seat, area: Area): GauchoAction[] {
  const player = state.players[seat]!;
  switch (area) {
    case "stable":
      return []; // only while cattle come home
    case "wish":
      return [{ type: "wish" }];
    case "sale":
      return BREEDS.filter((breed) => player.herds[breed].length >= INSTANT_SALE_MIN).map((breed) => ({ type: "instantSale" as const, breed }));
    case "thief": {
      const steals: GauchoAction[] = [];
      state.players.forEach((other, victim) => {
        if (victim === seat) return;
        for (const breed of BREEDS) for (const t of other.herds[breed]) steals.push({ type: "steal", victim, breed, value: t.value });
      });
      return steals;
    }
    case "overseer": {
      const lying = ownLying(state, seat);
      const raise: GauchoAction[] = lying.map((f) => ({ type: "overseerRaise" as const, fields: [f] }));
      lying.forEach((a, i) => lying.slice(i + 1).forEach((b) => raise.push({ type: "overseerRaise", fields: [a, b] })));
      const replace: GauchoAction[] = state.pampa.flatMap((row, r) =>
        row.flatMap((f, i) => (f.gaucho && f.gaucho.seat !== seat && !f.gaucho.standing ? [{ type: "overseerReplace" as const, row: r, field: i }] : [])),
      );
      return [...raise, ...replace];
    }
    case "steppe":
      return state.steppe.length > 0 && hasFreeField(state.pampa) ? [{ type: "steppe" }] : []; // RULINGS.steppeNeedsRoom
  }
}

function steppeChoices(state: GauchoState): GauchoAction[] {
  const free = freeFields(state.pampa).length;
  const gauchos = state.players[state.active]!.gauchos;
  const options: GauchoAction[] = state.steppe.map((t) => ({ type: "steppeChoose" as const, tiles: [t] }));
  if (free >= 2 && gauchos >= 2) {
    const small = state.steppe.filter((t) => t.value <= STEPPE_PAIR_MAX);
    small.forEach((a, i) => small.slice(i + 1).forEach((b) => options.push({ type: "steppeChoose", tiles: [a, b] })));
  }
  return options;
}

/**
 * The arriving tiles of one breed at a time (RULINGS.homeOneBreedAtATime): herds of different
 * breeds do not touch, so the order between breeds changes nothing and is not asked.
 */
function homeOptions(state: GauchoState, seat: Seat): GauchoAction[] {
  const player = state.players[seat]!;
  const breed = BREEDS.find((b) => player.arriving.some((t) => t.breed === b));
  const arriving = player.arriving.filter((t) => t.breed === breed);
  const options: GauchoAction[] = arriving.map((t) => ({ type: "homeLay" as const, breed: t.breed, value: t.value }));
  if (player.areas.stable) {
    for (const t of arriving) {
      for (const position of sortInPositions(player.herds[t.breed], t.value)) options.push({ type: "sortIn", breed: t.breed, value: t.value, position });
    }
  }
  return options;
}
