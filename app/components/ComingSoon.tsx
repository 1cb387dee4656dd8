import { Link } from 'react-router';
import { PageHeader } from './PageHeader';

/** A page whose screen is still being built: it says so plainly and offers the shop instead. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <section className="container section coming-soon">
        <h2>Coming soon</h2>
        <p>
          We are putting the finishing touches on this page. In the meantime, have a look at our smart cards.
        </p>
        <p>
          <Link className="button" to="/cards">
            Browse smart cards
          </Link>
        </p>
      </section>
    </>
  );
}
