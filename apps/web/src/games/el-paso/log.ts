/**
 * Plain-language sentences for every log event the El Paso rules push (rules.ts). Events are
 * data; this is the one place that turns them into English for the table's log.
 */
import { SIMMENTAL_SPACE_VP } from "@saloon/el-paso";
import { type LogEvent } from "@saloon/engine";
import { seatName } from "../../lib/seats.ts";
import { describeSueEvent } from "./sue-log.ts";
import { bonusGain, breedName, cardName, dollars, joinAnd, plural, postName, tileKind, tileText, workerWords } from "./words.ts";

const num = (value: unknown): number => (typeof value === "number" ? value : 0);
const cards = (value: unknown): string[] => (Array.isArray(value) ? value.filter((c): c is string => typeof c === "string") : []);

/**
 * A trail node in words a player can find on the board ("Building D", "the $2 space after
 * Building C"); `asSpace` names a building space itself rather than what now stands on it.
 */
export type NodeNamer = (node: unknown, asSpace?: boolean) => string;

const defaultNodeName: NodeNamer = (node) => (node === "T00" ? "El Paso" : "a location on the trail");

export function describeEvent(event: LogEvent, names: readonly string[], nodeName: NodeNamer = defaultNodeName): string {
  const who = (seat: unknown) => seatName(names, typeof seat === "number" ? seat : null);
  const actor = who(event.seat);
  switch (event.type) {
    case "tookTile":
      return `${actor} takes ${event.fromPile ? "from the stack " : ""}${tileKind(event.tile)} ${String(event.tile)}: ${tileText(String(event.tile))}.`;
    case "turn":
      return `${actor}'s turn.`;
    case "moved": {
      const cowboys = num(event.cowboys);
      return `${actor} moves to ${nodeName(event.to)}${cowboys ? `, using ${plural(cowboys, "cowboy")} for extra steps` : ""}.`;
    }
    case "built":
      return `${actor} builds building ${num(event.building)} on ${nodeName(event.node, true)}${num(event.wild) ? ` (with ${plural(num(event.wild), "wild worker")})` : ""}, paying ${dollars(num(event.paid))}.`;
    case "upgraded":
      return `${actor} upgrades a building to ${num(event.building)}${num(event.wild) ? ` (with ${plural(num(event.wild), "wild worker")})` : ""}, paying ${dollars(num(event.paid))}.`;
    case "usedToken":
      return `${actor} uses an exchange token.`;
    case "drew": {
      const workers = cards(event.workers);
      const parts = num(event.cattle) ? [plural(num(event.cattle), "cattle card")] : [];
      for (const w of workers) parts.push(`${/^[aeiou]/.test(cardName(w)) ? "an" : "a"} ${cardName(w)}`);
      if (parts.length === 0) return `${actor} has no card left to draw.`;
      return `${actor} draws ${joinAnd(parts)}${workers.length ? ` (${workers.length === 1 ? "the worker goes" : "workers go"} straight to the worker area)` : ""}.`;
    }
    case "drewCattle":
      return `${actor} draws ${joinAnd(cards(event.cards).map(cardName))} (only you see this).`;
    case "exchangeDiscarded":
      return `${actor} discards a ${cardName(event.card)} in exchange.`;
    case "discardedCattle":
      return `${actor} discards a ${cardName(event.card)} for ${dollars(num(event.money))}.`;
    case "boughtCattle":
      return `${actor} buys a ${cardName(event.card)} for ${dollars(num(event.paid))}${num(event.wild) ? ` (with ${plural(num(event.wild), "wild worker")})` : ""}.`;
    case "gainedCattle":
      return `${actor} gains a ${cardName(event.card)}${num(event.paid) ? ` for ${dollars(num(event.paid))}` : ""}.`;
    case "removedCattle":
      return `${actor} removes a ${cardName(event.card)} from the game.`;
    case "gainedMoney":
      return `${actor} gains ${dollars(num(event.money))}.`;
    case "gainedCertificates":
      return num(event.certificates) > 0 ? `${actor} gains ${plural(num(event.certificates), "certificate")}.` : `${actor}'s certificate track is full.`;
    case "gainedToken":
      return `${actor} gains an exchange token${num(event.paid) ? ` for ${dollars(num(event.paid))}` : ""}.`;
    case "hired": {
      const w = workerWords(event.worker);
      return `${actor} hires ${w.name === "engineer" ? "an" : "a"} ${w.name}${num(event.paid) ? ` for ${dollars(num(event.paid))}` : " for free"}.`;
    }
    case "usedTrain":
      return `${actor} uses train card ${num(event.card)}, paying ${dollars(num(event.paid))}${num(event.wild) ? ` and ${plural(num(event.wild), "wild worker")}` : ""}.`;
    case "aux":
      return `${actor} takes auxiliary action ${num(event.aux)}.`;
    case "workerBonus": {
      const w = event.worker;
      return `${actor} discards ${w === "ENG" ? "an" : "a"} ${workerWords(w).name} for ${bonusGain(w)}.`;
    }
    case "tookSimmental":
      return `${actor} reaches El Paso and takes a Simmental: ${plural(num(event.left), "Simmental")} left.`;
    case "endTriggered":
      return `The last Simmental is gone: the next player to reach El Paso ends the game.`;
    case "simmentalSpace":
      return `${actor} reaches El Paso with no Simmental left and takes the Simmental space (+${plural(SIMMENTAL_SPACE_VP, "point")}): everyone else has one more turn.`;
    case "revealedHand": {
      const hand = cards(event.cards);
      return `${actor} reveals ${hand.length ? joinAnd(hand.map((c) => breedName(c.slice(2, 5)))) : "an empty hand"}: breeding value ${num(event.breedingValue)}.`;
    }
    case "delivered": {
      const spent = num(event.spent);
      const money = num(event.money);
      return `${actor} delivers to ${postName(event.post)} with disc ${String(event.disc).slice(1)}${spent ? `, spending ${plural(spent, "certificate")}` : ""}${money ? ` (${money > 0 ? "gains" : "pays"} ${dollars(Math.abs(money))})` : ""}.`;
    }
    case "noDisc":
      return `${actor} can place no disc this time.`;
    case "gameOver":
      return "Game over! Every player has had their last turn.";
    default:
      return describeSueEvent(event, actor, nodeName) ?? `Something happened (${event.type}).`;
  }
}

/** Events that open a new block in the log. */
export function isTurnMarker(event: LogEvent): boolean {
  return event.type === "turn";
}
