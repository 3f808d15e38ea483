/**
 * "Hidden Hands", a game that exists only for the server tests: A Fistful of Meeples hides
 * nothing but its RNG, so this one has real secrets to keep.
 *
 * 24 numbered cards are shuffled and each seat is dealt 3. First every seat at once puts one
 * card face down into the pot (simultaneous prompts). Then, in seat order, each seat plays one
 * card face up and draws a replacement that only it sees. The total of played cards wins.
 * Hands, the pot and the deck are never revealed: a card id that leaves the server for anyone
 * but its holder is a leak.
 */
import { type LogEvent, type Prompt, type RngState, type Seat, defineGame, rankResults, seedRng, shuffleInPlace } from "@saloon/engine";

export interface Card {
  id: string;
  rank: number;
}

export type HiddenHandsAction = { type: "ante"; card: string } | { type: "play"; card: string };

export interface HiddenHandsState {
  rng: RngState;
  deck: Card[];
  hands: Card[][];
  pot: (Card | null)[];
  played: { seat: Seat; card: Card }[];
  phase: "ante" | "play" | "over";
  turn: Seat;
}

export interface HiddenHandsView {
  phase: HiddenHandsState["phase"];
  deckCount: number;
  handCounts: number[];
  potCount: number;
  played: HiddenHandsState["played"];
  turn: Seat;
  waitingFor: { seat: Seat; kind: string }[];
  /** Only in a seat's own view. */
  hand?: Card[];
  /** Only in a seat's own view: the card it put into the pot. */
  myAnte?: Card | null;
}

export const CARD_COUNT = 24;
export const cardId = (rank: number): string => `card${String(rank).padStart(2, "0")}`;

function prompts(state: HiddenHandsState): Prompt<HiddenHandsAction>[] {
  if (state.phase === "ante") {
    return state.pot.flatMap((anted, seat) =>
      anted ? [] : [{ seat, kind: "ante", options: state.hands[seat]!.map((card) => ({ type: "ante" as const, card: card.id })) }],
    );
  }
  if (state.phase === "play") {
    return [{ seat: state.turn, kind: "play", options: state.hands[state.turn]!.map((card) => ({ type: "play" as const, card: card.id })) }];
  }
  return [];
}

export const hiddenHands = defineGame<HiddenHandsState, HiddenHandsAction, Record<string, never>, HiddenHandsView>({
  id: "hidden-hands",
  title: "Hidden Hands (test game)",
  minSeats: 2,
  maxSeats: 4,
  rulesVersion: "1",
  defaultOptions: {},
  actionTypes: ["ante", "play"],
  parseOptions: () => ({}),
  setup(seed, seats) {
    const holder = { rng: seedRng(seed) };
    const deck = shuffleInPlace(
      holder,
      Array.from({ length: CARD_COUNT }, (_, i) => ({ id: cardId(i + 1), rank: i + 1 })),
    );
    const hands = Array.from({ length: seats }, () => deck.splice(0, 3));
    return { rng: holder.rng, deck, hands, pot: Array(seats).fill(null), played: [], phase: "ante", turn: 0 };
  },
  prompts,
  perform(draft, seat, action) {
    const hand = draft.hands[seat]!;
    const card = hand.splice(
      hand.findIndex((c) => c.id === action.card),
      1,
    )[0]!;
    if (action.type === "ante") {
      draft.pot[seat] = card;
      if (draft.pot.every(Boolean)) draft.phase = "play";
      return [{ type: "anted", seat }];
    }
    draft.played.push({ seat, card });
    const events: LogEvent[] = [{ type: "played", seat, card: card.id, rank: card.rank }];
    const drawn = draft.deck.shift();
    if (drawn) {
      hand.push(drawn);
      // Only the drawer learns which card it drew.
      events.push({ type: "drew", seat, card: drawn.id, rank: drawn.rank, onlyFor: [seat] });
    }
    draft.turn = (seat + 1) % draft.hands.length;
    if (draft.played.length === draft.hands.length) draft.phase = "over";
    return events;
  },
  isOver: (state) => state.phase === "over",
  scores(state) {
    if (state.phase !== "over") return null;
    return rankResults(
      ["played"],
      state.hands.map((_, seat) => {
        const total = state.played.filter((p) => p.seat === seat).reduce((sum, p) => sum + p.card.rank, 0);
        return { seat, total, breakdown: { played: total }, tiebreak: [] };
      }),
    );
  },
  view(state, viewer) {
    const view: HiddenHandsView = {
      phase: state.phase,
      deckCount: state.deck.length,
      handCounts: state.hands.map((hand) => hand.length),
      potCount: state.pot.filter(Boolean).length,
      played: state.played,
      turn: state.turn,
      waitingFor: prompts(state).map((p) => ({ seat: p.seat, kind: p.kind })),
    };
    if (viewer !== null) {
      view.hand = state.hands[viewer]!;
      view.myAnte = state.pot[viewer] ?? null;
    }
    return structuredClone(view);
  },
  // Plays its highest card: it can only know its own hand, which is what the view holds.
  bot(view, prompt) {
    const ranks = new Map((view.hand ?? []).map((card) => [card.id, card.rank]));
    return prompt.options.reduce((best, option) => ((ranks.get(option.card) ?? 0) > (ranks.get(best.card) ?? 0) ? option : best));
  },
});
