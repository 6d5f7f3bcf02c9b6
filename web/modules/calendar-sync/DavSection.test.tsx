import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ApiToken } from "../../../domain/auth";
import DavSection from "./DavSection";

const token = (id: string, scope: ApiToken["scope"]): ApiToken => ({
  id,
  name: `${scope} ${id}`,
  scope,
  createdAt: "2026-11-20T10:00:00.000Z",
  lastUsedAt: null,
});

/** The section as it first renders, with the token list the account page keeps in the query cache. */
function render(tokens: ApiToken[]) {
  const client = new QueryClient();
  client.setQueryData(["account", "tokens"], tokens);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <DavSection />
    </QueryClientProvider>,
  );
}

describe("the calendar apps section", () => {
  it("names the server address and lists only app passwords for calendar apps, each revocable", () => {
    const html = render([token("1", "all"), token("2", "calendar")]);
    expect(html).toContain("/dav/");
    expect(html).toContain("Create app password");
    expect(html).toContain("calendar 2");
    expect(html).not.toContain("all 1");
    expect(html).toContain('Revoke<span class="sr-only"> calendar 2</span>');
  });

  it("says when there is none yet", () => {
    expect(render([token("1", "all")])).toContain("You have no app passwords for calendar apps.");
  });
});
