import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Message } from "../../../domain/messaging";
import { aMessage } from "../../test-support/message";
import { MessageItem } from "./MessageItem";

const message = (body: string | null, overrides: Partial<Message> = {}): Message =>
  aMessage(1, { authorName: "Mallory <b>Maker</b>", body, ...overrides });

const render = (item: Message) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MessageItem
        message={item}
        repliedTo={null}
        mine={false}
        mentionsMe={false}
        canDelete={false}
        seenBy={[]}
        onReply={() => undefined}
      />
    </QueryClientProvider>,
  );

describe("a message as members see it", () => {
  it("shows what another member wrote as text: no markup of theirs, no script, no javascript: link", () => {
    const html = render(
      message(
        '<img src=x onerror="alert(1)"> <script>alert(2)</script> [click](javascript:alert(3)) <a href="javascript:alert(4)">a</a>',
      ),
    );
    expect(html).not.toMatch(/<img|<script|<a [^>]*href="javascript:|\sonerror="/i);
    expect(html).toContain("&lt;script&gt;");
    // The author's name is text too.
    expect(html).toContain("Mallory &lt;b&gt;Maker&lt;/b&gt;");
  });

  it("shows an image the server made, by its own address, and none of a deleted message", () => {
    expect(render(message("", { image: { width: 64, height: 48 } }))).toContain(
      'src="/api/conversations/c1/messages/m1/image"',
    );
    const deleted = render(message("", { body: null, deletedAt: "2026-11-27T10:01:00.000Z", image: null }));
    expect(deleted).toContain("This message was deleted.");
    expect(deleted).not.toContain("<img");
  });
});
