import { describe, expect, it } from "vitest";
import { AISLE_IDS, type AisleId } from "./aisles.js";
import { DEV_ITEMS } from "./classifier-dev-set.js";
import { classifyItem } from "./classifier.js";
import { itemKey } from "./item-key.js";
import { SEED_ENTRIES, SEED_INDEX, seedClashes } from "./seed.js";

function aisleOf(name: string): AisleId {
  return classifyItem(name).aisle;
}

describe("the seed", () => {
  it("has at least 500 items, 300 per language, over every aisle but other", () => {
    expect(SEED_ENTRIES.length).toBeGreaterThanOrEqual(500);
    expect(SEED_ENTRIES.filter((entry) => entry.language === "en").length).toBeGreaterThanOrEqual(300);
    expect(SEED_ENTRIES.filter((entry) => entry.language === "de").length).toBeGreaterThanOrEqual(300);
    const covered = new Set(SEED_ENTRIES.map((entry) => entry.aisle));
    expect(AISLE_IDS.filter((aisle) => aisle !== "other" && !covered.has(aisle))).toEqual([]);
  });

  it("gives no key two aisles", () => {
    expect(seedClashes()).toEqual([]);
  });

  it("classifies every seed entry as its own aisle", () => {
    const wrong = SEED_ENTRIES.filter((entry) => aisleOf(entry.text) !== entry.aisle).map((entry) => entry.text);
    expect(wrong).toEqual([]);
  });
});

/** The examples that define each aisle. */
const AISLE_EXAMPLES: Readonly<Record<Exclude<AisleId, "other">, readonly string[]>> = {
  produce: ["fresh fruit", "vegetables", "fresh herbs", "salad", "potatoes", "mushrooms"],
  bakery: ["bread", "rolls", "buns", "baguette", "croissants", "cakes", "tortillas", "wraps", "pretzels"],
  "dairy-eggs": ["milk", "cream", "butter", "cheese", "yogurt", "quark", "eggs", "oat milk", "tofu", "pizza dough"],
  "meat-fish": ["chicken", "steak", "poultry", "minced meat", "fresh fish", "seafood", "salmon"],
  deli: ["cold cuts", "sliced ham", "salami", "Wiener", "potato salad", "hummus", "dips", "olives", "antipasti"],
  frozen: ["frozen peas", "ice cream", "frozen pizza", "fish fingers"],
  "canned-jarred": ["canned tomatoes", "beans", "corn", "tuna", "soup", "pickles", "passata"],
  "pasta-rice-grains": ["pasta", "noodles", "rice", "couscous", "quinoa", "lentils", "dried beans", "bulgur"],
  baking: ["flour", "sugar", "yeast", "baking powder", "vanilla sugar", "cocoa powder", "chocolate chips", "icing"],
  "breakfast-cereal": ["cereal", "muesli", "oats", "porridge", "cornflakes", "jam", "honey", "peanut butter", "syrup"],
  "snacks-sweets": ["chips", "crisps", "crackers", "chocolate bars", "candy", "cookies", "biscuits", "nuts", "popcorn"],
  beverages: ["water", "juice", "soda", "beer", "wine", "spirits", "coffee beans", "ground coffee", "tea"],
  "condiments-spices": [
    "salt",
    "pepper",
    "spices",
    "dried herbs",
    "oil",
    "vinegar",
    "ketchup",
    "mustard",
    "stock cubes",
  ],
  "household-cleaning": [
    "detergent",
    "dish soap",
    "sponges",
    "trash bags",
    "paper towels",
    "toilet paper",
    "cling film",
  ],
  "personal-care": ["shampoo", "soap", "toothpaste", "toothbrush", "deodorant", "razors", "painkillers", "tampons"],
  "baby-pet": ["diapers", "nappies", "baby food", "baby wipes", "formula", "cat food", "dog food", "cat litter"],
};

describe("the aisles' own examples", () => {
  for (const [aisle, examples] of Object.entries(AISLE_EXAMPLES)) {
    it(`puts ${examples.slice(0, 3).join(", ")} … in ${aisle}`, () => {
      expect(examples.filter((example) => aisleOf(example) !== aisle)).toEqual([]);
    });
  }
});

describe("classifyItem", () => {
  it("finds seed items exactly, with high confidence", () => {
    expect(classifyItem("Milk")).toMatchObject({ aisle: "dairy-eggs", via: "exact", key: "milk" });
    expect(classifyItem("Milk").confidence).toBeGreaterThan(0.9);
    expect(aisleOf("Tofu")).toBe("dairy-eggs");
  });

  it("reads an English phrase by its head noun, whole known phrases first", () => {
    expect(classifyItem("greek yogurt")).toMatchObject({ aisle: "dairy-eggs", via: "head" });
    expect(aisleOf("whole wheat bread")).toBe("bakery");
    expect(aisleOf("ice cream")).toBe("frozen");
    expect(aisleOf("chocolate ice cream")).toBe("frozen");
    expect(aisleOf("peanut butter")).toBe("breakfast-cereal");
    expect(aisleOf("crunchy peanut butter")).toBe("breakfast-cereal");
    expect(aisleOf("cream cheese")).toBe("dairy-eggs");
    expect(aisleOf("baking soda")).toBe("baking");
    expect(aisleOf("soy sauce")).toBe("condiments-spices");
    expect(aisleOf("bag of chips")).toBe("snacks-sweets");
  });

  it("drops describing words and flavours written after the item", () => {
    expect(aisleOf("Leberwurst fein")).toBe("deli");
    expect(aisleOf("Rotwein trocken")).toBe("beverages");
    expect(aisleOf("Weizenmehl Type 405")).toBe("baking");
    expect(aisleOf("Kartoffeln festkochend")).toBe("produce");
    // A fruit after the item is its flavour.
    expect(aisleOf("Joghurt Erdbeere")).toBe("dairy-eggs");
    expect(aisleOf("Eistee Pfirsich")).toBe("beverages");
    expect(aisleOf("Paprika rot")).toBe("produce");
  });

  it("reads a German compound by its longest known ending", () => {
    expect(classifyItem("Weizenbrötchen")).toMatchObject({ aisle: "bakery", via: "compound" });
    expect(aisleOf("Vollkornbrot")).toBe("bakery");
    expect(aisleOf("Dinkelbrot")).toBe("bakery");
    expect(aisleOf("Schlagsahne")).toBe("dairy-eggs");
    expect(classifyItem("Kirschtomaten")).toMatchObject({ aisle: "produce", via: "compound" });
    // Short German endings only: "Spiegelei" is an egg, a cheese slice no ice.
    expect(aisleOf("Spiegelei")).toBe("dairy-eggs");
    expect(aisleOf("Pfefferminztee")).toBe("beverages");
    expect(aisleOf("cheddar cheese slices")).toBe("dairy-eggs");
    expect(aisleOf("Weißbier alkoholfrei")).toBe("beverages");
  });

  it("sends a salad of something that is no vegetable to the deli", () => {
    expect(aisleOf("Krabbensalat")).toBe("deli");
    expect(aisleOf("shrimp salad")).toBe("deli");
    expect(aisleOf("Blattsalat")).toBe("produce");
    expect(aisleOf("green salad")).toBe("produce");
  });

  it("lets frozen and canned words win over the seed", () => {
    expect(classifyItem("frozen peas")).toMatchObject({ aisle: "frozen", via: "rule" });
    expect(aisleOf("TK-Erbsen")).toBe("frozen");
    expect(aisleOf("tiefgekühlte Himbeeren")).toBe("frozen");
    expect(aisleOf("Tiefkühlspinat")).toBe("frozen");
    expect(classifyItem("canned corn")).toMatchObject({ aisle: "canned-jarred", via: "rule" });
    expect(aisleOf("tinned tomatoes")).toBe("canned-jarred");
    expect(aisleOf("Dosentomaten")).toBe("canned-jarred");
    expect(aisleOf("Bohnen aus der Dose")).toBe("canned-jarred");
    expect(aisleOf("jalapenos in a jar")).toBe("canned-jarred");
    expect(aisleOf("Rote Bete im Glas")).toBe("canned-jarred");
    expect(aisleOf("2 cans of chickpeas")).toBe("canned-jarred");
  });

  it("puts what is for a pet on the pet shelf, whatever follows", () => {
    expect(classifyItem("dog biscuits")).toMatchObject({ aisle: "baby-pet" });
    expect(classifyItem("Hundekekse")).toMatchObject({ aisle: "baby-pet", via: "rule" });
    expect(aisleOf("Katzenmilch")).toBe("baby-pet");
    expect(aisleOf("canned cat food")).toBe("baby-pet");
    // Not pets: a dog in second place, and babies' vegetables.
    expect(aisleOf("hot dog buns")).toBe("bakery");
    expect(aisleOf("catfish")).toBe("meat-fish");
    expect(aisleOf("Babyspinat")).toBe("produce");
  });

  it("keeps a canned drink with the drinks", () => {
    expect(aisleOf("canned beer")).toBe("beverages");
    expect(aisleOf("Dosenbier")).toBe("beverages");
  });

  it("reads an unknown last word by a known word before it, not by a near spelling", () => {
    expect(classifyItem("pork cutlets")).toMatchObject({ aisle: "meat-fish", via: "head" });
    expect(aisleOf("chicken thigh fillets")).toBe("meat-fish");
  });

  it("forgives small spelling slips, with lower confidence", () => {
    const slip = classifyItem("bananna");
    expect(slip).toMatchObject({ aisle: "produce", via: "fuzzy" });
    expect(slip.confidence).toBeLessThan(classifyItem("banana").confidence);
    expect(aisleOf("brocoli")).toBe("produce");
    expect(aisleOf("spagetti")).toBe("pasta-rice-grains");
    // Two slips only from eight letters.
    expect(aisleOf("mozarela")).toBe("dairy-eggs");
    expect(classifyItem("mlik").via).toBe("fuzzy");
    expect(classifyItem("mkil").aisle).toBe("other");
  });

  it("says other, unsure, for what it does not know", () => {
    expect(classifyItem("birthday card")).toMatchObject({ aisle: "other", via: "none" });
    expect(classifyItem("birthday card").confidence).toBeLessThan(0.5);
    expect(classifyItem("")).toMatchObject({ aisle: "other", via: "none", key: "" });
  });

  it("lets a group's correction win over every rule", () => {
    const corrections = new Map<string, AisleId>([
      [itemKey("frozen peas"), "produce"],
      [itemKey("Hafermilch"), "beverages"],
    ]);
    expect(classifyItem("Frozen Peas", corrections)).toMatchObject({
      aisle: "produce",
      via: "correction",
      confidence: 1,
    });
    expect(classifyItem("2 l Hafermilch", corrections).aisle).toBe("beverages");
    expect(classifyItem("Milch", corrections).aisle).toBe("dairy-eggs");
  });
});

describe("the development set", () => {
  it("holds 100+ items whose keys are not in the seed", () => {
    expect(DEV_ITEMS.filter((item) => !SEED_INDEX.has(itemKey(item.text))).length).toBeGreaterThanOrEqual(100);
  });

  it("is classified at least 90 % right", () => {
    const right = DEV_ITEMS.filter((item) => aisleOf(item.text) === item.aisle).length;
    expect(right / DEV_ITEMS.length).toBeGreaterThanOrEqual(0.9);
  });
});
