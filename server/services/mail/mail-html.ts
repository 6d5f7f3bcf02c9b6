import { escapeHtml } from "../../../domain/html.js";

/** HTML that was built by `html` below: its values are escaped, so it can go into an email as is. */
export class SafeHtml {
  constructor(readonly value: string) {}
}

/**
 * A template tag for email HTML: every interpolated value is escaped unless it is itself SafeHtml
 * (a fragment built with this tag), so user input (a name, an address) can never add markup.
 * Arrays are joined, so lists of fragments work.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, index) => {
    out += render(value) + strings[index + 1]!;
  });
  return new SafeHtml(out);
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(String(value));
}
