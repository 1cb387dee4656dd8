import { useState } from 'react';
import { company } from '../../../content/company';
import { MAP_FRAME } from './map-frame';

/**
 * The office on a map, private and fast by default: nothing is loaded from OpenStreetMap until the
 * visitor presses "Show map" (on a light page the site script inserts the frame: app/site-script/map.ts).
 */
export function MapPreview() {
  const [shown, setShown] = useState(false);
  const { lat, lon, zoom, label } = company.map;
  const span = 0.01;
  const embed = `https://www.openstreetmap.org/export/embed.html?bbox=${lon - span}%2C${lat - span / 2}%2C${lon + span}%2C${lat + span / 2}&layer=mapnik&marker=${lat}%2C${lon}`;
  const link = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=${zoom}/${lat}/${lon}`;
  return (
    <figure className="map-preview">
      {shown ? (
        <iframe title={`Map: ${label}`} src={embed} {...MAP_FRAME} />
      ) : (
        <div className="map-placeholder">
          <p className="map-address">{company.address}</p>
          <button
            type="button"
            className="button"
            onClick={() => setShown(true)}
            data-map-src={embed}
            data-map-title={`Map: ${label}`}
          >
            Show map
          </button>
          <p className="muted map-note">The map loads from OpenStreetMap when you ask for it.</p>
        </div>
      )}
      <figcaption>
        <a href={link} target="_blank" rel="noopener noreferrer">
          Open in OpenStreetMap
        </a>
      </figcaption>
    </figure>
  );
}
