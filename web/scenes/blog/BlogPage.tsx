import { Rss } from "lucide-react";
import { Link } from "react-router";
import { posts } from "virtual:content-index";
import { blogPostPath } from "../../../domain/blog";
import { formatContentDate } from "../content/ContentPage";

/** /blog: every published post, newest first, and the feed to follow it. */
export default function BlogPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <header className="border-b border-line pb-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Blog</h1>
        <p className="mt-3 text-lg text-ink-muted">
          Notes from the people building Tandem: how it works, why it works that way, and how to run it.
        </p>
        <a
          href="/blog/feed.xml"
          className="mt-4 inline-flex items-center gap-2 text-sm font-medium text-brand hover:underline"
        >
          <Rss aria-hidden="true" className="size-4" />
          Follow with a feed reader (Atom)
        </a>
      </header>
      <ol className="divide-y divide-line">
        {posts.map((post) => (
          <li key={post.slug} className="py-6">
            <article>
              <p className="text-sm text-ink-muted">
                <time dateTime={post.date}>{formatContentDate(post.date)}</time>
              </p>
              <h2 className="mt-1 text-xl font-semibold tracking-tight">
                <Link to={blogPostPath(post.slug)} className="hover:text-brand hover:underline">
                  {post.title}
                </Link>
              </h2>
              <p className="mt-2 text-ink-muted">{post.description}</p>
            </article>
          </li>
        ))}
      </ol>
    </div>
  );
}
