import { describe, expect, it } from "vitest";
import { foldText, itemKey } from "./item-key.js";

describe("itemKey", () => {
  it("lowercases, trims, collapses spaces and drops punctuation", () => {
    expect(itemKey("  Whole   Wheat  Bread! ")).toBe("whole wheat bread");
    expect(itemKey("TK-Erbsen")).toBe("tk erbse");
  });

  it("treats composed and decomposed letters, ß and umlaut spellings alike", () => {
    expect(itemKey("Grie\u00df")).toBe(itemKey("Griess"));
    expect(itemKey("M\u00fcsli")).toBe(itemKey("Muesli"));
    expect(itemKey("Mu\u0308sli")).toBe(itemKey("Müsli"));
    expect(itemKey("Crème fraîche")).toBe("creme fraiche");
  });

  it("makes English plurals singular, but not words that only end in s", () => {
    expect(itemKey("tomatoes")).toBe("tomato");
    expect(itemKey("berries")).toBe("berry");
    expect(itemKey("leaves")).toBe("leaf");
    expect(itemKey("peaches")).toBe("peach");
    expect(itemKey("cookies")).toBe("cookie");
    expect(itemKey("apples")).toBe("apple");
    for (const word of ["hummus", "couscous", "asparagus", "swiss"]) expect(itemKey(word)).toBe(word);
  });

  it("makes cheap German plurals singular and leaves diminutives alone", () => {
    expect(itemKey("Äpfel")).toBe("apfel");
    expect(itemKey("Tomaten")).toBe("tomate");
    expect(itemKey("Nudeln")).toBe("nudel");
    expect(itemKey("Eier")).toBe("ei");
    expect(itemKey("Freilandeier")).toBe("freilandei");
    expect(itemKey("Geschirrtücher")).toBe("geschirrtuch");
    expect(itemKey("Brötchen")).toBe("broetchen");
    expect(itemKey("Reis")).toBe("reis");
    expect(itemKey("Eis")).toBe("eis");
  });

  it("strips a leading amount and unit, and a trailing one", () => {
    expect(itemKey("2 lbs chicken breast")).toBe(itemKey("chicken breast"));
    expect(itemKey("500 g Mehl")).toBe("mehl");
    expect(itemKey("500g Mehl")).toBe("mehl");
    expect(itemKey("a bag of chips")).toBe("chips");
    expect(itemKey("1 Flasche Olivenöl")).toBe("olivenoel");
    expect(itemKey("Milch 2l")).toBe("milch");
    expect(itemKey("Müllbeutel 30 Liter")).toBe("muellbeutel");
    expect(itemKey("2 cans of beans")).toBe("bean");
    expect(itemKey("½ lb turkey")).toBe("turkey");
    expect(itemKey("12 ct eggs")).toBe("egg");
    expect(itemKey("2 Pck. Butter")).toBe("butter");
    expect(itemKey("2 Zehen Knoblauch")).toBe("knoblauch");
    expect(itemKey("bunch of bananas")).toBe("banana");
    expect(itemKey("ca. 500 g Hack")).toBe("hack");
    expect(itemKey("2 to 3 onions")).toBe("onion");
    expect(itemKey("a couple of lemons")).toBe("lemon");
    expect(itemKey("Joghurt x3")).toBe("joghurt");
    // A unit word that starts the name is part of it.
    expect(itemKey("tin foil")).toBe("tin foil");
    expect(itemKey("half and half")).toBe("half and half");
  });

  it("keeps a lone unit word that is the item itself", () => {
    expect(itemKey("rolls")).toBe("roll");
    expect(itemKey("2 rolls")).toBe("roll");
  });

  it("folds to plain words", () => {
    expect(foldText("Jalapeño, 50% off")).toBe("jalapeno 50 off");
  });
});
