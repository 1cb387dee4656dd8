import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orderDesigns, orderLines } from '../../db/schema/index.ts';
import type { ProofCard } from './proof-pdf.ts';

/** An order's printed cards in order: by line, then position within the line. */
export async function designsOf(db: Db | Tx, orderId: number): Promise<Array<ProofCard & { id: number }>> {
  const rows = await db
    .select({ design: orderDesigns, line: orderLines })
    .from(orderDesigns)
    .innerJoin(orderLines, eq(orderLines.id, orderDesigns.orderLineId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id), asc(orderDesigns.position));
  return rows.map(({ design, line }) => ({
    id: design.id,
    line: line.name,
    design: line.design,
    printed: design.printed,
    memberEmail: design.memberEmail,
    frontSvg: design.frontSvg,
    backSvg: design.backSvg,
  }));
}
