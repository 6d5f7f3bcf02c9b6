import { describe, expect, it } from "vitest";
import { withOperatorText } from "./instance-config.js";

const html =
  '<p>Intro. <span data-operator="name">Run by {{operatorName}}.</span> Write to us<span data-operator="contact"> or at <a href="mailto:x">{{operatorContact}}</a></span>.</p>' +
  '<p><span data-operator="name contact" class="x">Ask {{operatorName}} at {{operatorContact}}.</span></p>';

describe("text that names the operator", () => {
  it("is left out entirely where the operator is not configured", () => {
    expect(withOperatorText(html, { operatorName: null, operatorContact: null })).toBe(
      "<p>Intro.  Write to us.</p><p></p>",
    );
  });

  it("keeps each span whose values are all configured", () => {
    expect(withOperatorText(html, { operatorName: "The Millers", operatorContact: null })).toBe(
      '<p>Intro. <span data-operator="name">Run by {{operatorName}}.</span> Write to us.</p><p></p>',
    );
    expect(withOperatorText(html, { operatorName: "The Millers", operatorContact: "help@example.org" })).toBe(html);
  });
});
