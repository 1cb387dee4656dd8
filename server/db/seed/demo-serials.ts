import type { SerialStatus } from '../schema/index.ts';

/** Demo serials a new install starts with (printed in the README so a newcomer can try /verify). */
export const demoSerials: Array<{ serial: string; sku: string; status: SerialStatus }> = [
  { serial: 'ECD1DD829NKP', sku: 'IC-CLS-MB', status: 'active' },
  { serial: '4RRFNHHHCTE2', sku: 'IC-CLS-MB', status: 'active' },
  { serial: 'TXM6WQCDA7XM', sku: 'IC-CLS-MB', status: 'active' },
  { serial: 'AQMTQR6BZ5K9', sku: 'IC-EXE-MG', status: 'active' },
  { serial: 'KMQ8CB9YWGJD', sku: 'IC-EXE-MG', status: 'active' },
  { serial: 'W9PX4XMVDGHY', sku: 'IC-EXE-MG', status: 'blocked' },
];
