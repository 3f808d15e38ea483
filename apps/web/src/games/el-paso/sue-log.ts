/**
 * Sue's turn in plain sentences, from the structured events of sue-turn.ts (listed in its header
 * comment). Each step of her turn is its own line, so a person follows her turn as it is paced:
 * "Sue draws A5: 1 step per engineer, then the train." … "Sue takes train card 2 (2 engineers)."
 */
import { BOT_CARDS, type BotAction, type BotMovement } from "@saloon/el-paso";
import type { LogEvent } from "@saloon/engine";
import type { NodeNamer } from "./log.ts";
import { cardName, plural, postName, tileKind, workerWords } from "./words.ts";

const num = (value: unknown): number => (typeof value === "number" ? value : 0);
const an = (word: string): string => `${/^[aeiou]/i.test(word) ? "an" : "a"} ${word}`;

function movementText(movement: BotMovement): string {
  return typeof movement === "number" ? plural(movement, "step") : `1 step per ${workerWords(movement).name}`;
}

function actionText(action: BotAction): string {
  switch (action.t) {
    case "SUPPLY_DRAW":
      return `${action.n === 1 ? "a card" : `${action.n} cards`} from her supply`;
    case "BOT_MARKET":
      return "the cattle market (by her cowboys)";
    case "BOT_TRAIN":
      return "a train card (by her engineers)";
    case "BOT_BUILD":
      return "a building (by her builders)";
    case "BOT_CHOICE3":
      return "market, train or building, whichever she has most workers for";
  }
}

/** What a bot card does, as on the card: "2 steps, then a card from her supply". */
export function botCardText(card: unknown): string {
  const data = typeof card === "string" ? BOT_CARDS[card] : undefined;
  return data ? `${movementText(data.movement)}, then ${actionText(data.action)}` : "an unknown card";
}

const NOTHING: Record<string, string> = {
  "market/noCowboys": "she has no cowboy, so the market gives her nothing",
  "market/soldOut": "the market has no cattle left for her",
  "train/noEngineers": "she has no engineer, so she takes no train card",
  "tile/noTile": "no tile of that kind is face up, so she takes none",
  "corriente/soldOut": "no Corriente is left in the market",
  "hereford/soldOut": "no Hereford is left for her",
  "build/noBuilders": "she has no builder, so she cannot build",
  "build/cannotBuild": "she can neither build nor upgrade",
};

/** A sentence for one of Sue's events, or null when the event is not hers (log.ts handles it). */
export function describeSueEvent(event: LogEvent, actor: string, nodeName: NodeNamer): string | null {
  switch (event.type) {
    case "sueReshuffled":
      return `${actor}'s bot deck is empty: she shuffles her ${plural(num(event.cards), "discarded card")} into a new deck.`;
    case "sueDrew":
      return `${actor} draws bot card ${String(event.card)}: ${botCardText(event.card)} (${plural(num(event.deckLeft), "card")} left in her deck).`;
    case "sueMoved": {
      const per = typeof event.per === "string" ? ` (1 per ${workerWords(event.per).name}, she has ${num(event.workers)}${num(event.workers) === 0 ? ", so at least 1" : ""})` : "";
      const stop = event.stoppedInElPaso === true ? "; El Paso stops her" : "";
      return `${actor} moves ${plural(num(event.steps), "step")}${per} to ${nodeName(event.to)}${stop}.`;
    }
    case "sueChose": {
      const workers = workerWords(event.worker);
      return `${actor} has the most ${workers.plural} (${num(event.workers)}), so she chooses the ${String(event.action)}.`;
    }
    case "sueDrewSupply": {
      const where = event.reason === "train" ? " instead of hiring" : event.reason === "post" ? " as her delivery reward" : "";
      const card = String(event.card);
      if (event.to === "cattle") return `${actor} draws ${an(cardName(card))} from her supply${where} onto her cattle stack.`;
      if (card.startsWith("W-WLD")) return `${actor} draws a wild worker from her supply${where}: it joins her ${workerWords(event.to).plural} for the rest of the game.`;
      return `${actor} draws ${an(cardName(card))} from her supply${where}.`;
    }
    case "sueSupplyEmpty":
      return `${actor}'s supply deck is empty: she draws nothing.`;
    case "sueBoughtCattle":
      return `${actor} goes to the cattle market with ${plural(num(event.cowboys), "cowboy")} and takes ${an(cardName(event.card))}.`;
    case "sueTookTrain":
      return `${actor} takes train card ${num(event.train)} (${plural(num(event.engineers), "engineer")}).`;
    case "sueTookTile":
      return `${actor} takes ${tileKind(event.tile)} ${String(event.tile)}, the most valuable face up (${plural(num(event.vp), "point")}).`;
    case "sueTookCattle":
      return event.reason === "maxedOut"
        ? `Both of ${actor}'s buildings are maxed out: she takes ${an(cardName(event.card))}.`
        : `${actor} takes ${an(cardName(event.card))} from the market.`;
    case "sueBuilt":
      return `${actor} builds building ${num(event.building)} with her ${plural(num(event.builders), "builder")} on ${nodeName(event.node, true)}, the most expensive empty space.`;
    case "sueUpgraded":
      return `${actor} upgrades her building ${num(event.from)} on ${nodeName(event.node, true)} to building ${num(event.building)} (${plural(num(event.builders), "builder")}).`;
    case "sueNothing": {
      const why = NOTHING[`${String(event.action)}/${String(event.reason)}`] ?? "nothing happens";
      return `${actor}: ${why}.`;
    }
    case "sueDelivered": {
      // Her reward, if she takes one, follows as its own line (a tile, or a supply draw for a worker).
      return `${actor} delivers to ${postName(event.post)} with disc ${String(event.disc).slice(1)}.`;
    }
    default:
      return null;
  }
}
