import { parseItemText } from "./shopping/quantity.js";

/**
 * Which coupons fit an item of the shopping list (docs/coupons.md): "confident" when one of the
 * coupon's product keys or its brand is a word of the item, "possible" when they only look alike
 * (one word inside another, or one letter apart), for a member to confirm or reject.
 */

export type MatchConfidence = "confident" | "possible";

/** One word as matching compares it: lowercase, umlauts and accents folded, plural made singular. */
export function normalizeWord(word: string): string {
  let folded = word.toLowerCase().replace(/ß/g, "ss").normalize("NFD").replace(/\p{M}/gu, "");
  if (folded.length > 4 && folded.endsWith("ies")) folded = `${folded.slice(0, -3)}y`;
  else if (folded.length > 4 && /(?:ch|sh|ss|x|o)es$/.test(folded)) folded = folded.slice(0, -2);
  else if (folded.length > 3 && folded.endsWith("s") && !folded.endsWith("ss")) folded = folded.slice(0, -1);
  return folded;
}

/** The normalised words of a text ("Oat-Milk 2 l" → ["oat", "milk", "2", "l"]). */
export function wordsOf(text: string): string[] {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).map(normalizeWord);
}

/** The key an item is remembered by: its name without the amount, normalised. */
export function itemKeyOf(title: string): string {
  const name = parseItemText(title).name || title;
  return wordsOf(name).join(" ");
}

/** Whether `phrase`'s words occur in `words`, next to each other and in order. */
function containsPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  if (phrase.length === 0) return false;
  for (let start = 0; start + phrase.length <= words.length; start += 1)
    if (phrase.every((word, offset) => words[start + offset] === word)) return true;
  return false;
}

/** Whether two words differ by one letter inserted, removed or changed. */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i += 1;
      j += 1;
      continue;
    }
    edits += 1;
    if (edits > 1) return false;
    if (a.length > b.length) i += 1;
    else if (b.length > a.length) j += 1;
    else {
      i += 1;
      j += 1;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

function looksAlike(itemWord: string, keyWord: string): boolean {
  if (itemWord.length < 3 || keyWord.length < 3) return false;
  if (itemWord.length >= 4 && keyWord.length >= 4 && (itemWord.includes(keyWord) || keyWord.includes(itemWord)))
    return true;
  return itemWord.length >= 5 && keyWord.length >= 5 && oneEditApart(itemWord, keyWord);
}

export interface MatchableCoupon {
  productKeys: readonly string[];
  brand: string | null;
}

/** How well a coupon fits an item, with the word that made it fit; null when it does not. */
export function matchCoupon(
  itemTitle: string,
  coupon: MatchableCoupon,
): { confidence: MatchConfidence; reason: string } | null {
  const words = wordsOf(itemTitle);
  const phrases = [...coupon.productKeys, ...(coupon.brand ? [coupon.brand] : [])];
  for (const phrase of phrases)
    if (containsPhrase(words, wordsOf(phrase))) return { confidence: "confident", reason: phrase };
  for (const phrase of phrases)
    for (const keyWord of wordsOf(phrase))
      if (words.some((word) => looksAlike(word, keyWord))) return { confidence: "possible", reason: phrase };
  return null;
}
