import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { blogPosts } from "virtual:content-loaders";
import { blogSlugOf } from "../../../domain/blog";
import { type ContentDocument, ContentPage } from "../content/ContentPage";
import NotFoundPage from "../errors/NotFoundPage";

/** One post, at /blog/<slug> or the spec's /blog-post?slug=<slug>. */
export default function BlogPostPage() {
  const { pathname, search } = useLocation();
  const slug = blogSlugOf(pathname, search);
  const load = slug ? blogPosts[`blog/${slug}`] : undefined;
  const [loaded, setLoaded] = useState<{ slug: string; document: ContentDocument } | null>(null);

  useEffect(() => {
    if (!load || !slug) return;
    let current = true;
    void load().then((module) => {
      if (current) setLoaded({ slug, document: module.default });
    });
    return () => {
      current = false;
    };
  }, [load, slug]);

  if (!load) return <NotFoundPage />;
  if (!loaded || loaded.slug !== slug) {
    return (
      <p role="status" className="mx-auto max-w-3xl px-4 py-14 text-ink-muted">
        Loading the post…
      </p>
    );
  }
  return (
    <ContentPage
      document={loaded.document}
      dateLabel="Published"
      kicker={
        <Link to="/blog" className="hover:underline">
          Blog
        </Link>
      }
      after={
        <p className="mt-12 border-t border-line pt-6">
          <Link to="/blog" className="font-medium text-brand hover:underline">
            ← All posts
          </Link>
        </p>
      }
    />
  );
}
