/**
 * The steps of a recipe as the form's text box holds them: one step a line, and a line starting
 * with "#" names the section the steps below it belong to ("# For the dough").
 */
export interface Section {
  name: string;
  steps: string[];
}

export function sectionsToText(sections: readonly Section[]): string {
  return sections
    .map((section) => [...(section.name ? [`# ${section.name}`] : []), ...section.steps].join("\n"))
    .join("\n");
}

export function textToSections(text: string): Section[] {
  const sections: Section[] = [];
  let current: Section = { name: "", steps: [] };
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith("#")) {
      if (current.name || current.steps.length) sections.push(current);
      current = { name: line.replace(/^#+\s*/, ""), steps: [] };
    } else current.steps.push(line);
  }
  if (current.steps.length) sections.push(current);
  return sections;
}
