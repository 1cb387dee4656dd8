import { SiteLink } from '../SiteLink';

/** The band at the top of inner pages: title and a breadcrumb from Home, through `parents`. */
export function PageHeader({
  title,
  parents = [],
  children,
}: {
  title: string;
  parents?: { label: string; to: string }[];
  children?: React.ReactNode;
}) {
  return (
    <div className="page-header">
      <div className="container">
        <h1>{title}</h1>
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <ol>
            <li>
              <SiteLink to="/">Home</SiteLink>
            </li>
            {parents.map((parent) => (
              <li key={parent.to}>
                <SiteLink to={parent.to}>{parent.label}</SiteLink>
              </li>
            ))}
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
        {children}
      </div>
    </div>
  );
}
