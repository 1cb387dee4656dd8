import { Link } from 'react-router';

/** The band at the top of inner pages: title and a Home breadcrumb. */
export function PageHeader({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="page-header">
      <div className="container">
        <h1>{title}</h1>
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <ol>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
        {children}
      </div>
    </div>
  );
}
