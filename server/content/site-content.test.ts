import { GUIDE_DESCRIPTIONS } from "../../domain/guide-descriptions.js";
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { GUIDES } from "../../domain/guides";
import { withOperatorText } from "../../domain/instance-config";
import { PROJECT_ROOT } from "../env";
import { readBlogPosts, readContentFile } from "./content-files";

const contentDir = path.join(PROJECT_ROOT, "content");

it("gives every guide the title and description of its file's front matter, and at least 600 words", () => {
  for (const guide of GUIDES) {
    const file = readContentFile(path.join(contentDir, `${guide.slug}.md`));
    expect({ title: file.title, description: file.description }, guide.slug).toEqual({
      title: guide.title,
      description: GUIDE_DESCRIPTIONS[guide.slug],
    });
    expect(file.body.split(/\s+/).filter(Boolean).length, guide.slug).toBeGreaterThanOrEqual(600);
  }
});

it("publishes at least six blog posts, each with a distinct title, newest first", () => {
  const posts = readBlogPosts(contentDir);
  expect(posts.length).toBeGreaterThanOrEqual(6);
  expect(new Set(posts.map((post) => post.title)).size).toBe(posts.length);
  const dates = posts.map((post) => post.date);
  expect(dates).toEqual([...dates].sort().reverse());
});

it("names the operator only inside text marked for it, so an instance that did not configure them shows no placeholder", () => {
  const files = fs
    .readdirSync(contentDir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".md"));
  for (const file of files) {
    const text = fs.readFileSync(path.join(contentDir, file), "utf8");
    const unconfigured = withOperatorText(text, { operatorName: null, operatorContact: null });
    expect(unconfigured, file).not.toMatch(/\{\{operator(Name|Contact)\}\}/);
    // A span that needs only the name must not use the contact, and the other way round.
    const nameOnly = withOperatorText(text, { operatorName: "N", operatorContact: null });
    expect(nameOnly, file).not.toContain("{{operatorContact}}");
    const contactOnly = withOperatorText(text, { operatorName: null, operatorContact: "C" });
    expect(contactOnly, file).not.toContain("{{operatorName}}");
  }
});
