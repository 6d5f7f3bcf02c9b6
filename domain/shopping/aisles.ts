/**
 * The grocery aisles a shopping item can be sorted into, with their labels and the order a
 * typical supermarket walk takes (fresh goods at the entrance, chilled and frozen near the
 * tills, non-food at the end). The ids are stored with corrections, so they never change.
 */

export const AISLE_IDS = [
  "produce",
  "bakery",
  "dairy-eggs",
  "meat-fish",
  "deli",
  "frozen",
  "canned-jarred",
  "pasta-rice-grains",
  "baking",
  "breakfast-cereal",
  "snacks-sweets",
  "beverages",
  "condiments-spices",
  "household-cleaning",
  "personal-care",
  "baby-pet",
  "other",
] as const;

export type AisleId = (typeof AISLE_IDS)[number];

/** Every aisle but "other": the ones the seed must cover. */
export type SeedAisleId = Exclude<AisleId, "other">;

export const AISLE_LABELS: Readonly<Record<AisleId, { en: string; de: string }>> = {
  produce: { en: "Fruit & vegetables", de: "Obst & Gemüse" },
  bakery: { en: "Bakery", de: "Backwaren" },
  "dairy-eggs": { en: "Dairy & eggs", de: "Milchprodukte & Eier" },
  "meat-fish": { en: "Meat & fish", de: "Fleisch & Fisch" },
  deli: { en: "Deli", de: "Feinkost & Aufschnitt" },
  frozen: { en: "Frozen", de: "Tiefkühl" },
  "canned-jarred": { en: "Canned & jarred", de: "Konserven" },
  "pasta-rice-grains": { en: "Pasta, rice & grains", de: "Nudeln, Reis & Getreide" },
  baking: { en: "Baking", de: "Backzutaten" },
  "breakfast-cereal": { en: "Breakfast & spreads", de: "Frühstück & Aufstriche" },
  "snacks-sweets": { en: "Snacks & sweets", de: "Snacks & Süßes" },
  beverages: { en: "Drinks", de: "Getränke" },
  "condiments-spices": { en: "Condiments & spices", de: "Gewürze & Saucen" },
  "household-cleaning": { en: "Household & cleaning", de: "Haushalt & Putzmittel" },
  "personal-care": { en: "Personal care & pharmacy", de: "Drogerie & Apotheke" },
  "baby-pet": { en: "Baby & pet", de: "Baby & Tier" },
  other: { en: "Other", de: "Sonstiges" },
};

const AISLE_ID_SET: ReadonlySet<string> = new Set(AISLE_IDS);

/** For ids read back from storage or a request. */
export function isAisleId(value: string): value is AisleId {
  return AISLE_ID_SET.has(value);
}

export function aisleLabel(aisle: AisleId, language: "en" | "de" = "en"): string {
  return AISLE_LABELS[aisle][language];
}
