import { z } from 'zod';
import { VISIT_SOURCES } from '../../../common/visit-source.ts';
import { numberedPageSchema } from '../paging.ts';

/** A person who shared their details from the owner's card page, as the owner (and only the owner) sees it. */
export const exchangedContactSchema = z
  .strictObject({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    company: z.string(),
    job_title: z.string(),
    note: z.string(),
    source: z.enum(VISIT_SOURCES),
    /** The tapped card's serial as printed ("ABCD-EFGH-JKMN"), for taps of a known card. */
    card: z.string().nullable(),
    /** Where it came from, in words: "Tap of card ABCD-EFGH-JKMN", "QR code", "Shared link". */
    source_label: z.string(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'ExchangedContact' });
export type ExchangedContact = z.output<typeof exchangedContactSchema>;

/** Numbered pages: the section shows "Page 2 of 7" beside its search box. */
export const exchangedContactPageSchema = numberedPageSchema(exchangedContactSchema).meta({
  id: 'ExchangedContactPage',
});
export type ExchangedContactPage = z.output<typeof exchangedContactPageSchema>;

export const deletedContactsSchema = z
  .strictObject({ deleted: z.number().int() })
  .meta({ id: 'DeletedContacts' });
export type DeletedContacts = z.output<typeof deletedContactsSchema>;
