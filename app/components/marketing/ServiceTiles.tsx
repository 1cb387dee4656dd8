import { Link } from 'react-router';
import { services } from '../../../content/services';
import { Icon } from './Icon';

/** The six services as tiles (icon, title, blurb), each linking to its page. */
export function ServiceTiles() {
  return (
    <ul className="marketing-tile-grid marketing-tile-grid-3">
      {services.map((service) => (
        <li key={service.slug} className="marketing-tile">
          <Icon name={service.icon} />
          <h3>
            <Link to={service.path}>{service.title}</Link>
          </h3>
          <p>{service.blurb}</p>
        </li>
      ))}
    </ul>
  );
}
