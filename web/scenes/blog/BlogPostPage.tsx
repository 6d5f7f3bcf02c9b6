import { Link, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { blogPosts } from "virtual:content-loaders";
import { blogSlugOf } from "../../../domain/blog";
import { type ContentDocument, ContentPage } from "../content/ContentPage";
import NotFoundPage from "../errors/NotFoundPage";

/**
 * The post an address names (/blog/<slug> or /blog-post?slug=), loaded before the page renders,
 * so the page (and its prerendered HTML) shows the text at once. Null for no such post.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<ContentDocument | null> {
  const url = new URL(request.url);
  const slug = blogSlugOf(url.pathname, url.search);
  const load = slug ? blogPosts[`blog/${slug}`] : undefined;
  return load ? (await load()).default : null;
}

/** One post, at /blog/<slug> or the spec's /blog-post?slug=<slug>. */
export default function BlogPostPage() {
  const document = useLoaderData<ContentDocument | null>();
  if (!document) return <NotFoundPage />;
  return (
    <ContentPage
      document={document}
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
