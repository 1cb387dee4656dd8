import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { centsToPrice } from '../../../../common/money.ts';
import type { Db } from '../../../db/client.ts';
import { type BankLineRow, bankLines, bankStatements, orders, users } from '../../../db/schema/index.ts';
import type { BankLine, BankOverview } from './responses.ts';

const SHOWN_LINES = 200;
const SHOWN_STATEMENTS = 20;
const SHOWN_SET_ASIDE = 50;

export function bankLineView(line: BankLineRow, orderNumber: string | null): BankLine {
  return {
    id: line.id,
    statement_id: line.statementId,
    booked_on: line.bookedOn,
    amount: centsToPrice(line.amountCents),
    currency: line.currency,
    counterparty: line.counterparty,
    remittance: line.remittance,
    state: line.state,
    order_number: orderNumber,
  };
}

/** What the admin's bank page shows: the lines to assign and the latest statements with their counts. */
export async function bankOverview(db: Db): Promise<BankOverview> {
  const waiting = await db
    .select()
    .from(bankLines)
    .where(eq(bankLines.state, 'unmatched'))
    .orderBy(asc(bankLines.bookedOn), asc(bankLines.id))
    .limit(SHOWN_LINES);
  const setAside = await db
    .select()
    .from(bankLines)
    .where(eq(bankLines.state, 'ignored'))
    .orderBy(desc(bankLines.decidedAt), desc(bankLines.id))
    .limit(SHOWN_SET_ASIDE);
  const [all] = await db.select({ n: count() }).from(bankLines).where(eq(bankLines.state, 'unmatched'));
  const statements = await db
    .select({
      statement: bankStatements,
      email: users.email,
      toAssign:
        sql<number>`(SELECT count(*) FROM ${bankLines} WHERE ${bankLines.statementId} = ${bankStatements.id} AND ${bankLines.state} = 'unmatched')`.mapWith(
          Number,
        ),
    })
    .from(bankStatements)
    .leftJoin(users, eq(users.id, bankStatements.importedBy))
    .orderBy(desc(bankStatements.id))
    .limit(SHOWN_STATEMENTS);
  return {
    to_assign: waiting.map((line) => bankLineView(line, null)),
    to_assign_count: all?.n ?? 0,
    set_aside: setAside.map((line) => bankLineView(line, null)),
    statements: statements.map(({ statement, email, toAssign }) => ({
      id: statement.id,
      format: statement.format,
      reference: statement.reference,
      account: statement.account,
      imported_at: statement.importedAt.toISOString(),
      imported_by: email,
      lines: statement.lineCount,
      to_assign: toAssign,
    })),
  };
}

/** The order number a decided line names. */
export async function orderNumberOfLine(db: Db, line: BankLineRow): Promise<string | null> {
  if (line.orderId === null) return null;
  const [order] = await db.select({ number: orders.number }).from(orders).where(eq(orders.id, line.orderId));
  return order?.number ?? null;
}
