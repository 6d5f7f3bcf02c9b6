import { describe, expect, it } from "vitest";
import { linkParts } from "./outbox-links";

const HERE = ["https://tasks.example.org", "http://localhost:3000"];

describe("links in outbox emails", () => {
  it("makes this instance's links links, and keeps the text around them", () => {
    const text = "Confirm your address: https://tasks.example.org/verify-email?token=abc_123\n\nThanks.";
    expect(linkParts(text, HERE)).toEqual([
      "Confirm your address: ",
      {
        href: "https://tasks.example.org/verify-email?token=abc_123",
        text: "https://tasks.example.org/verify-email?token=abc_123",
      },
      "\n\nThanks.",
    ]);
    expect(linkParts("Open http://localhost:3000/task-detail-page?id=ab-12.", HERE)).toEqual([
      "Open ",
      {
        href: "http://localhost:3000/task-detail-page?id=ab-12",
        text: "http://localhost:3000/task-detail-page?id=ab-12",
      },
      ".",
    ]);
  });

  it("leaves every other address as text: other sites, other schemes, look-alike hosts", () => {
    for (const text of [
      "Win at https://evil.example/claim now",
      "javascript:alert(1) and JAVASCRIPT://tasks.example.org/%0aalert(1)",
      "https://tasks.example.org.evil.example/reset",
      "https://tasks.example.org@evil.example/reset",
      "http://tasks.example.org/reset (wrong scheme)",
      "https://tasks.example.org:8443/reset",
      "data:text/html,<script>alert(1)</script>",
      "no links at all",
    ]) {
      expect(linkParts(text, HERE), text).toEqual([text]);
    }
  });

  it("ends a link before the punctuation after it, but keeps parentheses it opened", () => {
    expect(linkParts("(see https://tasks.example.org/help)", HERE)).toEqual([
      "(see ",
      { href: "https://tasks.example.org/help", text: "https://tasks.example.org/help" },
      ")",
    ]);
    expect(linkParts("https://tasks.example.org/a_(b)", HERE)).toEqual([
      { href: "https://tasks.example.org/a_(b)", text: "https://tasks.example.org/a_(b)" },
    ]);
  });
});
