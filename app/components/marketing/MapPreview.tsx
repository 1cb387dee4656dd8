import { useEffect, useRef } from 'react';
import { company } from '../../../content/company';
import { enhanceMap } from './map-driver';

/**
 * The office on a map, private and fast by default: nothing is loaded from OpenStreetMap until the
 * visitor presses "Show map", whose driver inserts the frame (the same driver on a light page).
 */
export function MapPreview() {
  const button = useRef<HTMLButtonElement>(null);
  const { lat, lon, zoom, label } = company.map;
  const span = 0.01;
  const embed = `https://www.openstreetmap.org/export/embed.html?bbox=${lon - span}%2C${lat - span / 2}%2C${lon + span}%2C${lat + span / 2}&layer=mapnik&marker=${lat}%2C${lon}`;
  const link = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=${zoom}/${lat}/${lon}`;

  useEffect(() => (button.current ? enhanceMap(button.current) : undefined), []);

  return (
    <figure className="map-preview">
      <div className="map-placeholder">
        <p className="map-address">{company.address}</p>
        <button
          ref={button}
          type="button"
          className="button"
          data-map-src={embed}
          data-map-title={`Map: ${label}`}
        >
          Show map
        </button>
        <p className="muted map-note">The map loads from OpenStreetMap when you ask for it.</p>
      </div>
      <figcaption>
        <a href={link} target="_blank" rel="noopener noreferrer">
          Open in OpenStreetMap
        </a>
      </figcaption>
    </figure>
  );
}
