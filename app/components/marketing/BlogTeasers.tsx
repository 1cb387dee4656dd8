import { Link } from 'react-router';
import type { BlogTeaser } from '../../../content/types';
import { Picture } from './Picture';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export function PostDate({ post }: { post: BlogTeaser }) {
  return (
    <>
      <time dateTime={post.date}>{dateFormat.format(new Date(post.date))}</time> · {post.readingMinutes} min
      read
    </>
  );
}

/** Post tiles whose title links to the article; `headingLevel` follows the page's outline. */
export function BlogTeasers({ posts, headingLevel }: { posts: BlogTeaser[]; headingLevel: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className="marketing-tile-grid marketing-tile-grid-3">
      {posts.map((post) => (
        <li key={post.slug} className="marketing-tile blog-teaser">
          <Picture picture={post.picture} />
          <p className="muted">
            <PostDate post={post} />
          </p>
          <Heading>
            <Link to={`/blog/${post.slug}`} className="blog-teaser-link">
              {post.title}
            </Link>
          </Heading>
          <p>{post.excerpt}</p>
        </li>
      ))}
    </ul>
  );
}
