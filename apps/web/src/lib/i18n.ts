/**
 * The reader's language: English or German. Texts are Paraglide messages (messages/*.json, each
 * game's src/games/<game>/messages/*.json), compiled to src/paraglide by `pnpm --filter @saloon/web
 * i18n` (run on install, before the type check and by the Vite plugin). Every message function asks
 * Paraglide's getLocale(), which we point at `language()` here; reading it inside a template or a
 * $derived subscribes to it (Svelte's createSubscriber), so everything that shows text re-renders
 * when the reader switches languages, without a page reload (a reload would drop a live table's
 * connection for nothing). Plain TypeScript, so unit tests can render texts in either language.
 */
import { createSubscriber } from "svelte/reactivity";
import { baseLocale, isLocale, locales, overwriteGetLocale, overwriteSetLocale, type Locale } from "../paraglide/runtime.js";

export { locales, type Locale };

const STORAGE_KEY = "saloon.language";

/** The saved choice, else the browser's first language we have, else English. */
export function initialLocale(saved: string | null, preferred: readonly string[]): Locale {
  if (saved && isLocale(saved)) return saved;
  for (const tag of preferred) {
    const language = tag.toLowerCase().split("-")[0];
    if (isLocale(language)) return language;
  }
  return baseLocale;
}

function readSaved(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null; // storage blocked (private mode, sandboxed frame): the browser's language decides
  }
}

const browserLanguages = (): readonly string[] => (typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]));

const state: { current: Locale } = { current: initialLocale(readSaved(), browserLanguages()) };
let changed: (() => void) | undefined;
const subscribe = createSubscriber((update) => {
  changed = update;
  return () => (changed = undefined);
});

/** Switch every text on the page, and remember the choice for the next visit. */
export function setLanguage(next: Locale): void {
  if (next === state.current) return;
  state.current = next;
  changed?.();
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, next);
  } catch {
    // not remembered across visits; this page still switches
  }
  if (typeof document !== "undefined") document.documentElement.lang = next;
}

overwriteGetLocale(() => language());
overwriteSetLocale((next) => setLanguage(next));
if (typeof document !== "undefined") document.documentElement.lang = state.current;

/** The language texts are shown in now (reactive). */
export function language(): Locale {
  subscribe();
  return state.current;
}

// Numbers and dates in the reader's style: "1,234.5" / "1.234,5", "22 Nov 2026" / "22. Nov. 2026".
const numberFormats = new Map<string, Intl.NumberFormat>();
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  const key = `${language()}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(language(), options)));
  return format.format(value);
}

export function formatDateTime(value: Date | number | string, options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" }): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(language(), options).format(date);
}

/** "3 minutes ago" / "vor 3 Minuten". */
export function formatRelative(amount: number, unit: Intl.RelativeTimeFormatUnit): string {
  return new Intl.RelativeTimeFormat(language(), { numeric: "auto" }).format(amount, unit);
}
