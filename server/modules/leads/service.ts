import { services } from '../../../content/services.ts';
import type { Db } from '../../db/client.ts';
import { type LeadKind, leads } from '../../db/schema/index.ts';
import { enforceLimit, type Limit } from '../../http/rate-limit.ts';
import type { Mailer } from '../../mail/index.ts';
import { leadMail } from '../../mail/templates.ts';
import type { ConsultationInput, ContactInput } from './schemas.ts';

interface LeadsDeps {
  db: Db;
  mailer: Mailer;
  salesEmail: string;
  publish(topic: string): Promise<void>;
}

/** Leads the admin console lists; a new one empties its caches. */
const LEADS_TOPIC = 'leads';
/** Messages one client may send in an hour, across both forms. */
const LEAD_LIMIT: Limit = { max: 5, windowMs: 60 * 60 * 1000 };

interface NewLead {
  kind: LeadKind;
  name: string;
  email: string;
  phone?: string;
  subject?: string;
  message: string;
  service?: string;
}

/**
 * Stores the lead and queues its e-mail to the firm in one transaction: a mail failure never loses a message. A
 * filled honeypot is answered like a success and dropped, so a bot learns nothing.
 */
async function receive(deps: LeadsDeps, lead: NewLead, honeypot: string, client: string): Promise<void> {
  if (honeypot.trim() !== '') return;
  await enforceLimit(deps.db, `lead:${client}`, LEAD_LIMIT);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(leads).values(lead).returning();
    if (!row) throw new Error('insert returned nothing');
    await deps.mailer.sendLater(leadMail(deps.salesEmail, row), tx);
  });
  await deps.publish(LEADS_TOPIC).catch(() => undefined);
}

export function receiveContact(deps: LeadsDeps, input: ContactInput, client: string): Promise<void> {
  return receive(
    deps,
    {
      kind: 'contact',
      name: input.firstName,
      email: input.email,
      phone: input.phoneNumber,
      subject: input.subject,
      message: input.message,
    },
    input.website,
    client,
  );
}

export function receiveConsultation(
  deps: LeadsDeps,
  input: ConsultationInput,
  client: string,
): Promise<void> {
  return receive(
    deps,
    {
      kind: 'consultation',
      name: input.name,
      email: input.email,
      // The mail's subject already says "Free consultation": the lead's own subject is the service asked about.
      subject: services.find((service) => service.slug === input.service)?.title,
      message: input.message,
      service: input.service,
    },
    input.website,
    client,
  );
}
