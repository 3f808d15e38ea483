/**
 * What Fistful's board says about its places: the caption and long-press explanation of
 * whatever is pointed at (a `data-tip` key: "b:<building>", "s:<space>", "p:saloon", "bag", …)
 * and the label each control reads out. Computed from the live view, so a tip stays true
 * while the board changes under the pointer.
 */
import { BAR_PRICES, type BuildingId, DYNAMITE, type FistfulView, GRAVES, MEEPLE_TYPES, SIGN_COST, type SpaceId } from "@saloon/fistful";
import { seatName } from "../../lib/seats.ts";
import { m } from "../../paraglide/messages.js";
import { capitalize, possessive } from "../grammar.ts";
import type { Option } from "../types.ts";
import { costText, listMeeples, locationName, meepleDoes, meepleName, spaceName, spaceNameAt } from "./words.ts";

/** The text for a `data-tip` key, or "" for a key the board does not know. */
export function tipText(view: FistfulView, names: string[], key: string): string {
  const [kind, id] = key.split(":");
  switch (kind) {
    case "b":
      return buildingTip(view, names, id as BuildingId);
    case "s":
      return spaceTip(view, names, id as SpaceId);
    case "p":
      return placeTip(view, id as "saloon" | "jail");
    case "explosion":
      return m.fistful_board_tip_explosion({ exploded: view.explodedDynamite, total: DYNAMITE });
    case "bag":
      return m.fistful_board_tip_bag({ gold: view.bag.gold, stone: view.bag.stone, dynamite: view.bag.dynamite });
    case "hand": {
      const hand = view.turn?.hand;
      return hand && MEEPLE_TYPES.some((type) => hand[type] > 0)
        ? m.fistful_board_tip_hand({ player: seatName(names, view.active), meeples: listMeeples(hand) })
        : m.fistful_board_tip_hand_empty();
    }
    case "graveyard":
      return m.fistful_board_tip_graveyard({ free: GRAVES - view.graves.length, total: GRAVES });
    case "bank":
      return m.fistful_board_tip_bank({ left: view.bank.length, total: BAR_PRICES.length, cheapest: view.bank[0] ?? "—" });
    default:
      return "";
  }
}

function buildingTip(view: FistfulView, names: string[], id: BuildingId): string {
  const sign = view.signs[id];
  const facts = { building: id, cost: costText(SIGN_COST[id]), inside: listMeeples(view.locations[id]) };
  if (!sign) return m.fistful_board_tip_building_no_sign(facts);
  const owned = { ...facts, owner: possessive(seatName(names, sign.owner)), points: sign.points };
  return sign.points === 5 ? m.fistful_board_tip_building_sign_upgradable(owned) : m.fistful_board_tip_building_sign(owned);
}

function spaceTip(view: FistfulView, names: string[], id: SpaceId): string {
  const here = view.spaces[id];
  if (id === "SL" || id === "SR") {
    const meeple = here ? m.fistful_meeple_a_nom({ type: here.meeple }) : "";
    const state = !here
      ? m.fistful_board_tip_showdown_free({ space: id })
      : here.controller !== null && here.controller !== undefined
        ? m.fistful_board_tip_showdown_controlled({ space: id, meeple, player: seatName(names, here.controller) })
        : m.fistful_board_tip_showdown_meeple({ space: id, meeple });
    return `${state} ${m.fistful_board_showdown_rule()}`;
  }
  if (!here) return m.fistful_board_tip_door_free({ space: id });
  return `${m.fistful_board_tip_door({ space: id, meeple: m.fistful_meeple_a_nom({ type: here.meeple }) })} ${meepleDoes(here.meeple)}`;
}

function placeTip(view: FistfulView, id: "saloon" | "jail"): string {
  const inside = listMeeples(view.locations[id]);
  return id === "saloon" ? m.fistful_board_tip_saloon({ inside }) : m.fistful_board_tip_jail({ inside, dynamite: view.jailDynamite });
}

/** A sign's short title on the board: whose, how many points, whether it can still be upgraded. */
export function signTitle(names: string[], sign: { owner: number; points: number }): string {
  const facts = { owner: possessive(seatName(names, sign.owner)), points: sign.points };
  return sign.points === 5 ? m.fistful_board_title_sign_upgradable(facts) : m.fistful_board_title_sign(facts);
}

/** The label a building, the saloon or the jail reads out: what choosing it would do, or what is there. */
export function locationLabel(view: FistfulView, id: string, option: Option | null | undefined): string {
  const counts = view.locations[id as keyof FistfulView["locations"]];
  if (option?.type === "placeSign") return m.fistful_board_label_place_sign({ building: id });
  if (option?.type === "take") {
    if (id === "jail" && view.jailDynamite > 0) return m.fistful_board_label_take_jail_dynamite({ meeples: listMeeples(counts) });
    return capitalize(m.fistful_board_label_take({ meeples: listMeeples(counts), location: id }));
  }
  return m.fistful_board_label_location({ location: capitalize(locationName(id)), meeples: listMeeples(counts) });
}

/** The label a door or showdown space reads out. */
export function spaceLabel(view: FistfulView, id: SpaceId, option: Option | null): string {
  const here = view.spaces[id];
  if (option?.type === "start") return m.fistful_board_label_start({ space: spaceNameAt(id) });
  if (option?.type === "resolve") {
    const meeple = here ? m.fistful_meeple_the({ type: here.meeple }) : m.fistful_board_the_meeple();
    return capitalize(m.fistful_board_label_resolve({ meeple, space: id }));
  }
  if (option?.type === "resolveShowdown") return m.fistful_board_label_resolve_showdown();
  return here ? m.fistful_board_label_space_taken({ meeple: meepleName(here.meeple), space: spaceNameAt(id) }) : m.fistful_board_label_space_free({ space: spaceName(id) });
}
